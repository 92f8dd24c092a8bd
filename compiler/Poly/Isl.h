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

#include "Basic/Affine.h"

#include <cstdint>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace dpc {

/// The isl operation budget of one dpc run unless --isl-max-ops says
/// otherwise: about 100x the most any file of the repository needs
/// (`dpc emit --stage=cuda recurrences/bpmax.dp`, between 1e8 and 3e8;
/// docs/reliability.md).
constexpr unsigned long DefaultIslMaxOps = 30000000000UL;

/// Owns an isl_ctx. isl errors become C++ exceptions (isl::exception).
/// Every isl computation on it counts against one operation budget; past
/// it, isl calls fail with a quota error (islBudgetExceeded).
class IslContext {
public:
  IslContext();
  /// The budget, counted from now; 0 means none.
  void setMaxOperations(unsigned long N);
  ~IslContext();
  IslContext(const IslContext &) = delete;
  IslContext &operator=(const IslContext &) = delete;
  isl::ctx ctx() const { return Ctx; }
  operator isl::ctx() const { return Ctx; }

private:
  isl::ctx Ctx;
};

/// Whether the last isl error on Ctx was the operation budget running out.
bool islBudgetExceeded(isl::ctx Ctx);
/// The operation budget of Ctx (0: none).
unsigned long islMaxOperations(isl::ctx Ctx);
/// "too complex to prove: WHAT (isl operation budget of N exceeded)".
std::string islBudgetMessage(isl::ctx Ctx, const std::string &Prefix,
                             const std::string &What);

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

/// The pairs i -> j of Pairs with A(i) <<lex B(j) (same range space), i.e.
/// Pairs intersected with lexLtUnionMap(A, B), computed pair map by pair map:
/// linear in the size of Pairs, where lexLtUnionMap builds a map for every
/// pair of statements (quadratic; issue 16).
isl::union_map lexLtOn(const isl::union_map &Pairs, const isl::union_map &A,
                       const isl::union_map &B);

/// U := U ∪ X without copying U. `U = U.unite(X)` copies all of U when U
/// is still referenced (it is, during the call), so a loop of them is
/// quadratic in the number of maps (issue 16).
void uniteInto(isl::union_map &U, isl::union_map X);
void uniteInto(isl::union_set &U, isl::union_set X);

/// Fixes every param of S whose name appears in Values.
isl::set fixParams(const isl::set &S,
                   const std::vector<std::pair<std::string, int64_t>> &Values);
isl::union_map
fixParams(const isl::union_map &M,
          const std::vector<std::pair<std::string, int64_t>> &Values);

/// Turns N set dims starting at First into params with the given names.
isl::set dimsToParams(const isl::set &S, unsigned First, unsigned N,
                      const std::vector<std::string> &Names);

/// Turns the params of S named in Names (those it has) into set dims,
/// after its own dims, in the order of Names: a set over the remaining
/// params, in which the named ones vary like the set's dims. The set's
/// tuple name is dropped.
isl::set paramsToDims(const isl::set &S, const std::vector<std::string> &Names);

/// Whether S is bounded: for every value of its params, finitely many
/// points.
bool isBounded(const isl::set &S);

/// The single affine piece of PA (no divisions) in terms of the names of
/// its input dims and params; false if it has several pieces or divisions.
bool pwAffToAffine(const isl::pw_aff &PA, Affine &Out);

/// The constraints of a params-only set that is one basic set without
/// existential variables, as affine forms over the param names (after
/// isl's simplification); false otherwise.
bool paramSetConstraints(const isl::set &S, std::vector<Constraint> &Out);

/// True if S (coalesced) is one basic set without existentially quantified
/// dims: for fixed params, its points along any one dim form an interval.
bool isOneConvexPiece(const isl::set &S);
/// S coalesced, or S's polyhedral hull where the hull holds no point
/// outside S (a union that is one convex set, which coalescing does not
/// always see: {k : k <= N - 4 or k >= 64t - 2} where 64t < N).
isl::set convexIfExact(const isl::set &S);
/// A convex subset of S without existentially quantified dims: S itself
/// where it is one such piece, else the hull of S's full-dimensional
/// pieces where that hull holds no point outside S (lower-dimensional
/// pieces, e.g. a point at the edge of a domain, are left out); the empty
/// set where neither is convex.
isl::set convexCore(const isl::set &S);
/// S with every point that lies, along S's last dim, between two points of
/// S that agree in every other dim (S's holes along its last dim filled):
/// { (a, z) : (a, z0) and (a, z1) in S for some z0 <= z <= z1 }.
isl::set fillAlongLast(const isl::set &S);

/// Farkas's lemma by isl: the rational set of the coefficient vectors
/// (c_0, c_params..., c_dims...) (params and dims in S's order) of the
/// affine forms c_0 + sum c_p p + sum c_d x_d that are >= 0 at every point
/// of S (params included: a form valid for every value of them). One flat
/// tuple without a name.
isl::set farkasCoefficients(const isl::set &S);
/// The lexicographic minimum of a non-empty, bounded, param-free set
/// (rational or not), one rational per dim; false where S is empty, has no
/// minimum, or a coordinate does not fit int64.
bool rationalLexmin(const isl::set &S, std::vector<Rational> &Out);
/// Minimum / maximum of set dim Pos as a function of the params.
isl::pw_aff dimMin(const isl::set &S, int Pos);
isl::pw_aff dimMax(const isl::set &S, int Pos);

/// A set's first NIn dims become a map's domain, the rest its range.
isl::map setToMap(const isl::set &S, unsigned NIn);

/// Tuple name of a (named) set / map range / domain.
std::string tupleName(const isl::set &S);
std::string domainTupleName(const isl::map &M);
std::string rangeTupleName(const isl::map &M);

/// Names joined with Sep, for the tuples of isl text ("i, j, k").
std::string join(const std::vector<std::string> &V, const char *Sep = ", ");

/// Parses isl notation; a parse failure is an internal error that shows
/// the text (dpc builds these strings itself).
[[noreturn]] void islParseFailed(const std::string &Text, const char *What);
/// Parsing dpc's own text is not held to the operation budget (isl's
/// parser reports a budget running out as a syntax error): it is lifted
/// while the guard lives; the operations still count.
class IslBudgetPause {
public:
  explicit IslBudgetPause(isl::ctx Ctx);
  ~IslBudgetPause();

private:
  isl::ctx Ctx;
  unsigned long Saved;
};
template <typename T> T islParse(isl::ctx Ctx, const std::string &Text) {
  try {
    IslBudgetPause P(Ctx);
    return T(Ctx, Text);
  } catch (const isl::exception &E) {
    islParseFailed(Text, E.what());
  }
}

/// A multi_union_pw_aff from one row per statement: its tuple with indices
/// ("S[i, j]") and one expression per member, all rows with the same
/// number of members: "[N] -> [{ S[i, j] -> [(e0)]; ... }, { ... }]".
isl::multi_union_pw_aff
makeMupa(isl::ctx Ctx, const std::string &Params,
         const std::vector<std::pair<std::string, std::vector<std::string>>>
             &Rows);

/// A string form of any isl object, via its operator<<.
template <typename T> std::string islStr(const T &Obj) {
  std::ostringstream OS;
  OS << Obj;
  return OS.str();
}

int64_t valToInt(const isl::val &V);

} // namespace dpc
