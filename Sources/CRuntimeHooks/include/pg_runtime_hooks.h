#ifndef PG_RUNTIME_HOOKS_H
#define PG_RUNTIME_HOOKS_H

#include <stdbool.h>
#include <stddef.h>

/// The Swift runtime's global-enqueue hook (`swift_task_enqueueGlobal_hook`), a C variable whose address
/// Swift cannot take by name. swift-nio's installer looks it up with dlsym, which finds nothing in a
/// static executable (`scripts/install.sh` builds one), so the server takes its address here.
void *_Nullable *_Nonnull pg_swift_task_enqueue_global_hook(void);

/// The Swift runtime's shortest round-trip form of a double — what `Double.description` prints (`debug`
/// false) — written into `buffer` (`length` bytes; 32 hold any double, filled with ASCII '0' first: the
/// runtime leaves the zeros of "0." and ".0" as it finds them) without making a String; returns the
/// bytes written. Exported by the runtime as C, named by no public Swift API:
/// `JSONWriter` writes a layout's non-dyadic numbers with it (a String per number was a fifth of a
/// justified answer's time).
ptrdiff_t swift_float64ToString(char *_Nonnull buffer, size_t length, double value, bool debug);

#endif
