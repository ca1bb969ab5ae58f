#ifndef PG_PROCESS_SHIMS_H
#define PG_PROCESS_SHIMS_H

#include <sys/types.h>

/// pidfd_open(2): a descriptor that becomes readable when process `pid` ends (Linux 5.3 and later), or -1
/// with errno set (ESRCH: no such process; ENOSYS: an older kernel). Here because glibc wraps it only
/// from 2.36 on and Swift cannot call the variadic syscall(2) itself. The descriptor is close-on-exec.
int pg_pidfd_open(pid_t pid);

#endif
