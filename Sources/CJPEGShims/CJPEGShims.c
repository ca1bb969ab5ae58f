#include "CJPEGShims.h"
#include <stdio.h>
#include <jpeglib.h>
