#include "CSQLiteShims.h"

#ifdef __linux__
#include <sys/vfs.h>

unsigned long pgfs_type(int descriptor) {
    struct statfs info;
    if (fstatfs(descriptor, &info) != 0) return 0;
    // f_type is a signed word: a magic number with its top bit set (0xcafe4a11) is kept as 32 bits.
    return (unsigned long)(unsigned int)info.f_type;
}
#else
unsigned long pgfs_type(int descriptor) {
    (void)descriptor;
    return 0;
}
#endif
