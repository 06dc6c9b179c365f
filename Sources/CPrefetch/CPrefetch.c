// CPrefetch is a header of static inline functions; SwiftPM wants a source file.
#include "CPrefetch.h"
