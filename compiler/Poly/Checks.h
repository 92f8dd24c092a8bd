//===- Checks.h - the three soundness proofs ------------------------------===//
//
// Each takes the polyhedral model and proves one property with isl; a
// failure is a diagnostic at the offending source range that names a
// concrete point (params, indices, reduction indices) where it fails.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Basic/Diagnostics.h"
#include "Poly/PolyModel.h"

namespace dpc {

/// (0) Some sizes satisfy the `param` constraints (with every input
/// non-empty): otherwise every proof would hold vacuously. CheckBounds.cpp.
bool checkParamConstraints(const PolyModel &PM, DiagEngine &Diags);

/// (1) The cases of every table's equation (and of every nested case
/// expression) cover the points where they are evaluated. Also warns about
/// cases that never apply. CheckCoverage.cpp.
bool checkCoverage(const PolyModel &PM, DiagEngine &Diags);

/// (2) Every read lies in the read table's domain (or the input's bounds)
/// under its case guards and reduction ranges; the output cell lies in its
/// table's domain for every valid size. CheckBounds.cpp.
bool checkBounds(const PolyModel &PM, DiagEngine &Diags);

/// (3) The dependences are well founded: no cell reads itself, and isl finds
/// a schedule that runs every cell after all the cells it reads (which it
/// then re-verifies). On failure the cycle is found at concrete sizes and
/// its reads are reported. CheckWellFounded.cpp.
bool checkWellFounded(const PolyModel &PM, DiagEngine &Diags);

/// A sample point of S with its set dims renamed to Vars (params keep their
/// names), for messages.
PointValues namedSample(const isl::set &S, const std::vector<std::string> &Vars);

} // namespace dpc
