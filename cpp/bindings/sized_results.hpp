// The answers of the solver as Python holds them: each with its board's width, which
// says how many columns its per-column fields have and where their centre lies.
#pragma once

#include "link4/solver.hpp"

namespace link4::bindings {

struct SizedResult : SearchResult {
    int width = 7;
};

struct SizedAnalysis : Analysis {
    int width = 7;
};

}  // namespace link4::bindings
