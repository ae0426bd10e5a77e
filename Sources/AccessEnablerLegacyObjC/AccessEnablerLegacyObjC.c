// SwiftPM builds a C target from at least one source file. The target's content is its public
// header, include/AccessEnablerLegacyObjC.h, which declares nothing outside Objective-C.
#include "AccessEnablerLegacyObjC.h"
