// jpeglib.h uses FILE and size_t without including their headers: <stdio.h> must come first.
#include <stdio.h>
#include <stddef.h>
#include <jpeglib.h>
