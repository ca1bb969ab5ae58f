#include "pg_runtime_hooks.h"

// Defined by the Swift Concurrency runtime (libswift_Concurrency).
extern void *swift_task_enqueueGlobal_hook;

void **pg_swift_task_enqueue_global_hook(void) {
    return &swift_task_enqueueGlobal_hook;
}
