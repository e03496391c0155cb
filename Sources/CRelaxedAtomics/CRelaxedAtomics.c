// The module is its header's inline functions; SwiftPM needs a source file to build the target.
#include "CRelaxedAtomics.h"
