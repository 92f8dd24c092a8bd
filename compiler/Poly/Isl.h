//===- Isl.h - the one boundary between dpc and isl's C API ---------------===//
//
// Everything else in dpc uses isl's C++ value types (isl::set, isl::map,
// isl::union_map, isl::schedule, ...). The few things those bindings do not
// offer (owning the context, reading a point's coordinates, counting points,
// naming dimensions) are wrapped here, and raw isl_* calls appear nowhere
// else.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <isl/cpp.h>

#include <cstdint>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace dpc {

/// Owns an isl_ctx. isl errors become C++ exceptions (isl::exception).
class IslContext {
public:
  IslContext();
  ~IslContext();
  IslContext(const IslContext &) = delete;
  IslContext &operator=(const IslContext &) = delete;
  isl::ctx ctx() const { return Ctx; }
  operator isl::ctx() const { return Ctx; }

private:
  isl::ctx Ctx;
};

/// Named integer values of one point: the params first, then the set dims.
struct PointValues {
  std::vector<std::pair<std::string, int64_t>> Values;
  /// "N = 3, i = 2, j = 2"
  std::string str() const;
  int64_t get(const std::string &Name) const;
};

/// A point of a non-empty set, with the set's param and dim names.
PointValues samplePoint(const isl::set &S);

/// The values of a point of a set (coordinates as named in the set's space).
PointValues pointValues(const isl::point &P);

/// Names of the set dimensions of a set's space.
std::vector<std::string> setDimNames(const isl::set &S);
/// Names of the params of a set's space.
std::vector<std::string> paramNames(const isl::set &S);

/// Number of points of a bounded set without params.
uint64_t countPoints(const isl::set &S);

/// { i -> j : A(i) <<lex B(j) } for two schedules.
isl::union_map lexLtUnionMap(const isl::union_map &A, const isl::union_map &B);

/// Fixes every param of S whose name appears in Values.
isl::set fixParams(const isl::set &S,
                   const std::vector<std::pair<std::string, int64_t>> &Values);
isl::union_map
fixParams(const isl::union_map &M,
          const std::vector<std::pair<std::string, int64_t>> &Values);

/// Tuple name of a (named) set / map range / domain.
std::string tupleName(const isl::set &S);

/// A string form of any isl object, via its operator<<.
template <typename T> std::string islStr(const T &Obj) {
  std::ostringstream OS;
  OS << Obj;
  return OS.str();
}

int64_t valToInt(const isl::val &V);

} // namespace dpc
