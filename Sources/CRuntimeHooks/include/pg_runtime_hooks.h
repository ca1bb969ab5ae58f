#ifndef PG_RUNTIME_HOOKS_H
#define PG_RUNTIME_HOOKS_H

/// The Swift runtime's global-enqueue hook (`swift_task_enqueueGlobal_hook`), a C variable whose address
/// Swift cannot take by name. swift-nio's installer looks it up with dlsym, which finds nothing in a
/// static executable (`scripts/install.sh` builds one), so the server takes its address here.
void *_Nullable *_Nonnull pg_swift_task_enqueue_global_hook(void);

#endif
