// `symref explore FILE --engine compositional` (docs/engine-compositional.md): its own options and its run.
#pragma once

#include "interp/cli/explore_extension.hpp"

namespace symref::compositional {

cli::ExploreEngineExtension explore_extension();

}  // namespace symref::compositional
