//===- Isl.cpp ------------------------------------------------------------===//
#include "Poly/Isl.h"

#include "Basic/Diagnostics.h"

#include <isl/aff.h>
#include <isl/constraint.h>
#include <isl/ctx.h>
#include <isl/map.h>
#include <isl/mat.h>
#include <isl/options.h>
#include <isl/point.h>
#include <isl/polynomial.h>
#include <isl/set.h>
#include <isl/space.h>
#include <isl/union_map.h>
#include <isl/val.h>

#include <algorithm>
#include <unordered_map>

using namespace dpc;

IslContext::IslContext() : Ctx(isl_ctx_alloc()) {
  isl_options_set_on_error(Ctx.get(), ISL_ON_ERROR_CONTINUE);
}

void IslContext::setMaxOperations(unsigned long N) {
  isl_ctx_reset_operations(Ctx.get());
  isl_ctx_set_max_operations(Ctx.get(), N);
}

bool dpc::islBudgetExceeded(isl::ctx Ctx) {
  return isl_ctx_last_error(Ctx.get()) == isl_error_quota;
}

IslBudgetPause::IslBudgetPause(isl::ctx C)
    : Ctx(C), Saved(isl_ctx_get_max_operations(C.get())) {
  isl_ctx_set_max_operations(Ctx.get(), 0);
}

IslBudgetPause::~IslBudgetPause() {
  isl_ctx_set_max_operations(Ctx.get(), Saved);
}

unsigned long dpc::islMaxOperations(isl::ctx Ctx) {
  return isl_ctx_get_max_operations(Ctx.get());
}

std::string dpc::islBudgetMessage(isl::ctx Ctx, const std::string &Prefix,
                                  const std::string &What) {
  return Prefix + ": " + What + " (isl operation budget of " +
         std::to_string(islMaxOperations(Ctx)) +
         " exceeded; raise it with --isl-max-ops=N, 0 for none)";
}

IslContext::~IslContext() { isl_ctx_free(Ctx.release()); }

std::string PointValues::str() const {
  std::string S;
  for (auto &[N, V] : Values) {
    if (!S.empty())
      S += ", ";
    S += N + " = " + std::to_string(V);
  }
  return S;
}

int64_t PointValues::get(const std::string &Name) const {
  for (auto &[N, V] : Values)
    if (N == Name)
      return V;
  DPC_ICE("point has no coordinate named " + Name);
}

int64_t dpc::valToInt(const isl::val &V) {
  DPC_ASSERT(isl_val_is_int(V.get()), "isl value is not an integer");
  return isl_val_get_num_si(V.get());
}

static std::string dimName(isl_space *Sp, isl_dim_type T, unsigned I) {
  const char *N = isl_space_get_dim_name(Sp, T, I);
  return N ? N : ("d" + std::to_string(I));
}

PointValues dpc::pointValues(const isl::point &P) {
  PointValues R;
  isl_space *Sp = isl_point_get_space(P.get());
  for (isl_dim_type T : {isl_dim_param, isl_dim_set}) {
    isl_size N = isl_space_dim(Sp, T);
    for (isl_size I = 0; I < N; ++I) {
      isl_val *V = isl_point_get_coordinate_val(P.get(), T, I);
      R.Values.push_back({dimName(Sp, T, I), isl_val_get_num_si(V)});
      isl_val_free(V);
    }
  }
  isl_space_free(Sp);
  return R;
}

PointValues dpc::samplePoint(const isl::set &S) {
  // Prefer small values: fix the params to the lexicographic minimum of
  // those for which S is non-empty, then take the smallest point of that
  // slice.
  isl_ctx *C = isl_set_get_ctx(S.get());
  isl_set *P = isl_set_from_params(isl_set_params(S.copy()));
  isl_size NP = isl_set_dim(P, isl_dim_param);
  P = isl_set_move_dims(P, isl_dim_set, 0, isl_dim_param, 0, NP);
  isl_set *Lex = isl_set_lexmin(isl_set_copy(P));
  if (!Lex && isl_ctx_last_error(C) != isl_error_quota && NP >= 0) {
    // No minimum: a parameter unbounded below (a negative `let` is a
    // parameter <= 0). The minimum within the smallest box |p| <= B that
    // meets the set instead.
    isl_ctx_reset_error(C);
    for (long B = 1; !Lex && B <= (1L << 20); B *= 2) {
      isl_set *Box = isl_set_copy(P);
      for (isl_size I = 0; I < NP; ++I) {
        Box = isl_set_lower_bound_si(Box, isl_dim_set, I, -B);
        Box = isl_set_upper_bound_si(Box, isl_dim_set, I, B);
      }
      isl_bool Empty = isl_set_is_empty(Box);
      if (Empty == isl_bool_false) {
        Lex = isl_set_lexmin(Box);
      } else {
        isl_set_free(Box);
        if (Empty == isl_bool_error)
          break;
      }
    }
  }
  isl_set_free(P);
  bool IsParams = isl_set_is_params(S.get()) == isl_bool_true;
  isl::set Fixed = S;
  if (Lex || isl_ctx_last_error(C) == isl_error_quota) {
    // (a null Lex past the operation budget throws below)
    Lex = isl_set_move_dims(Lex, isl_dim_param, 0, isl_dim_set, 0, NP);
    isl::set Slice = isl::manage(isl_set_params(Lex));
    Fixed = IsParams ? S.intersect(Slice) : S.intersect_params(Slice);
    if (Fixed.is_empty())
      Fixed = S;
  }
  if (IsParams)
    Fixed = isl::manage(isl_set_from_params(Fixed.release()));
  // The smallest point; a set unbounded below in some dimension has none
  // (isl: unbounded optimum), any point of it then.
  isl::set Min = Fixed;
  try {
    Min = Fixed.lexmin();
  } catch (const isl::exception_quota &) {
    throw;
  } catch (const isl::exception &) {
    if (isl_ctx_last_error(C) == isl_error_quota)
      throw;
    isl_ctx_reset_error(C);
    Min = Fixed;
  }
  return pointValues(Min.sample_point());
}

std::vector<std::string> dpc::setDimNames(const isl::set &S) {
  std::vector<std::string> R;
  isl_space *Sp = isl_set_get_space(S.get());
  isl_size N = isl_space_dim(Sp, isl_dim_set);
  for (isl_size I = 0; I < N; ++I)
    R.push_back(dimName(Sp, isl_dim_set, I));
  isl_space_free(Sp);
  return R;
}

std::vector<std::string> dpc::paramNames(const isl::set &S) {
  std::vector<std::string> R;
  isl_space *Sp = isl_set_get_space(S.get());
  isl_size N = isl_space_dim(Sp, isl_dim_param);
  for (isl_size I = 0; I < N; ++I)
    R.push_back(dimName(Sp, isl_dim_param, I));
  isl_space_free(Sp);
  return R;
}

uint64_t dpc::countPoints(const isl::set &S) {
  isl_val *V = isl_set_count_val(S.get());
  DPC_ASSERT(V && isl_val_is_int(V), "cannot count the points of a set");
  uint64_t R = static_cast<uint64_t>(isl_val_get_d(V));
  isl_val_free(V);
  return R;
}

isl::union_map dpc::lexLtUnionMap(const isl::union_map &A,
                                  const isl::union_map &B) {
  return isl::manage(isl_union_map_lex_lt_union_map(A.copy(), B.copy()));
}

void dpc::uniteInto(isl::union_map &U, isl::union_map X) {
  U = isl::manage(isl_union_map_union(U.release(), X.release()));
}

void dpc::uniteInto(isl::union_set &U, isl::union_set X) {
  U = isl::manage(isl_union_set_union(U.release(), X.release()));
}

/// The maps of M by the tuple name of their domain.
static std::unordered_map<std::string, std::vector<isl::map>>
byDomainTuple(const isl::union_map &M) {
  std::unordered_map<std::string, std::vector<isl::map>> R;
  M.foreach_map([&](isl::map Mp) {
    const char *N = isl_map_get_tuple_name(Mp.get(), isl_dim_in);
    R[N ? N : ""].push_back(Mp);
  });
  return R;
}

/// Whether two spaces are equal; takes both.
static bool sameSpace(isl_space *A, isl_space *B) {
  isl_bool Eq = isl_space_is_equal(A, B);
  isl_space_free(A);
  isl_space_free(B);
  return Eq == isl_bool_true;
}

isl::union_map dpc::lexLtOn(const isl::union_map &Pairs,
                            const isl::union_map &A,
                            const isl::union_map &B) {
  auto AByDom = byDomainTuple(A);
  auto BByDom = byDomainTuple(B);
  isl::union_map R = isl::manage(
      isl_union_map_empty(isl_union_map_get_space(Pairs.get())));
  Pairs.foreach_map([&](isl::map P) {
    const char *In = isl_map_get_tuple_name(P.get(), isl_dim_in);
    const char *Out = isl_map_get_tuple_name(P.get(), isl_dim_out);
    auto IA = AByDom.find(In ? In : "");
    auto IB = BByDom.find(Out ? Out : "");
    if (IA == AByDom.end() || IB == BByDom.end())
      return;
    for (const isl::map &SA : IA->second)
      for (const isl::map &SB : IB->second) {
        if (!sameSpace(isl_space_range(isl_map_get_space(SA.get())),
                       isl_space_range(isl_map_get_space(SB.get()))) ||
            !sameSpace(isl_space_domain(isl_map_get_space(SA.get())),
                       isl_space_domain(isl_map_get_space(P.get()))) ||
            !sameSpace(isl_space_domain(isl_map_get_space(SB.get())),
                       isl_space_range(isl_map_get_space(P.get()))))
          continue;
        // Both schedule maps restricted to P's ends, then ordered. Both
        // are computed before either is released: the second may throw
        // (the operation budget) and would leak the first.
        isl::map DA = SA.intersect_domain(P.domain());
        isl::map DB = SB.intersect_domain(P.range());
        isl::map Lt =
            isl::manage(isl_map_lex_lt_map(DA.release(), DB.release()));
        uniteInto(R, isl::union_map(Lt.intersect(P)));
      }
  });
  return R;
}

isl::set
dpc::fixParams(const isl::set &S,
               const std::vector<std::pair<std::string, int64_t>> &Values) {
  isl_set *R = S.copy();
  for (auto &[N, V] : Values) {
    int Pos = isl_set_find_dim_by_name(R, isl_dim_param, N.c_str());
    if (Pos >= 0)
      R = isl_set_fix_si(R, isl_dim_param, Pos, V);
  }
  return isl::manage(R);
}

isl::union_map
dpc::fixParams(const isl::union_map &M,
               const std::vector<std::pair<std::string, int64_t>> &Values) {
  isl::set Ctx = isl::manage(isl_union_map_params(M.copy()));
  Ctx = fixParams(Ctx, Values);
  return M.intersect_params(Ctx);
}

std::string dpc::join(const std::vector<std::string> &V, const char *Sep) {
  std::string S;
  for (size_t I = 0; I < V.size(); ++I)
    S += (I ? Sep : "") + V[I];
  return S;
}

std::string dpc::tupleName(const isl::set &S) {
  const char *N = isl_set_get_tuple_name(S.get());
  return N ? N : "";
}

std::string dpc::domainTupleName(const isl::map &M) {
  const char *N = isl_map_get_tuple_name(M.get(), isl_dim_in);
  return N ? N : "";
}

std::string dpc::rangeTupleName(const isl::map &M) {
  const char *N = isl_map_get_tuple_name(M.get(), isl_dim_out);
  return N ? N : "";
}

isl::set dpc::dimsToParams(const isl::set &S, unsigned First, unsigned N,
                           const std::vector<std::string> &Names) {
  isl_set *R = S.copy();
  isl_size NP = isl_set_dim(R, isl_dim_param);
  R = isl_set_move_dims(R, isl_dim_param, NP, isl_dim_set, First, N);
  for (unsigned I = 0; I < N; ++I)
    R = isl_set_set_dim_name(R, isl_dim_param, NP + I, Names[I].c_str());
  return isl::manage(R);
}

isl::set dpc::paramsToDims(const isl::set &S,
                           const std::vector<std::string> &Names) {
  isl_set *R = isl_set_reset_tuple_id(S.copy());
  for (auto &N : Names) {
    int Pos = isl_set_find_dim_by_name(R, isl_dim_param, N.c_str());
    if (Pos < 0)
      continue;
    isl_size ND = isl_set_dim(R, isl_dim_set);
    R = isl_set_move_dims(R, isl_dim_set, ND, isl_dim_param, Pos, 1);
  }
  return isl::manage(R);
}

bool dpc::isBounded(const isl::set &S) {
  isl_bool B = isl_set_is_bounded(S.get());
  if (B == isl_bool_error)
    isl::exception::throw_last_error(S.ctx()); // (the budget, too)
  return B == isl_bool_true;
}

bool dpc::pwAffToAffine(const isl::pw_aff &PA, Affine &Out) {
  if (isl_pw_aff_n_piece(PA.get()) != 1)
    return false;
  struct Data {
    Affine A;
    bool OK = true;
  } D;
  isl_pw_aff_foreach_piece(
      PA.get(),
      [](isl_set *Set, isl_aff *Aff, void *User) -> isl_stat {
        Data &D = *static_cast<Data *>(User);
        isl_set_free(Set);
        isl_val *Den = isl_aff_get_denominator_val(Aff);
        if (!isl_val_is_one(Den) || isl_aff_dim(Aff, isl_dim_div) > 0)
          D.OK = false;
        isl_val_free(Den);
        for (isl_dim_type T : {isl_dim_param, isl_dim_in}) {
          isl_size N = isl_aff_dim(Aff, T);
          for (isl_size I = 0; I < N && D.OK; ++I) {
            isl_val *V = isl_aff_get_coefficient_val(Aff, T, I);
            long C = isl_val_get_num_si(V);
            isl_val_free(V);
            if (C == 0)
              continue;
            const char *Name = isl_aff_get_dim_name(Aff, T, I);
            if (!Name) {
              D.OK = false;
              break;
            }
            D.A = D.A + Affine::var(Name, C);
          }
        }
        isl_val *K = isl_aff_get_constant_val(Aff);
        D.A.Const = isl_val_get_num_si(K);
        isl_val_free(K);
        isl_aff_free(Aff);
        return isl_stat_ok;
      },
      &D);
  if (!D.OK)
    return false;
  Out = D.A;
  return true;
}

isl::pw_aff dpc::dimMin(const isl::set &S, int Pos) {
  return isl::manage(isl_set_dim_min(S.copy(), Pos));
}
isl::pw_aff dpc::dimMax(const isl::set &S, int Pos) {
  return isl::manage(isl_set_dim_max(S.copy(), Pos));
}

isl::map dpc::setToMap(const isl::set &S, unsigned NIn) {
  isl_map *M = isl_map_from_range(S.copy());
  M = isl_map_move_dims(M, isl_dim_in, 0, isl_dim_out, 0, NIn);
  return isl::manage(M);
}

void dpc::islParseFailed(const std::string &Text, const char *What) {
  DPC_ICE(llvm::Twine("isl cannot parse `") + Text + "`: " + What);
}

isl::multi_union_pw_aff dpc::makeMupa(
    isl::ctx Ctx, const std::string &Params,
    const std::vector<std::pair<std::string, std::vector<std::string>>> &Rows) {
  DPC_ASSERT(!Rows.empty(), "schedule band over no statement");
  size_t N = Rows[0].second.size();
  std::string T = Params + " -> [";
  for (size_t M = 0; M < N; ++M) {
    T += M ? ", { " : "{ ";
    for (size_t R = 0; R < Rows.size(); ++R) {
      DPC_ASSERT(Rows[R].second.size() == N, "ragged schedule band");
      T += (R ? "; " : "") + Rows[R].first + " -> [(" + Rows[R].second[M] + ")]";
    }
    T += " }";
  }
  return islParse<isl::multi_union_pw_aff>(Ctx, T + "]");
}

bool dpc::isOneConvexPiece(const isl::set &S) {
  isl::set C = isl::manage(isl_set_remove_redundancies(S.coalesce().release()));
  if (isl_set_n_basic_set(C.get()) != 1)
    return false;
  bool NoDivs = true;
  isl_set_foreach_basic_set(
      C.get(),
      [](isl_basic_set *BS, void *User) -> isl_stat {
        if (isl_basic_set_dim(BS, isl_dim_div) > 0)
          *static_cast<bool *>(User) = false;
        isl_basic_set_free(BS);
        return isl_stat_ok;
      },
      &NoDivs);
  return NoDivs;
}

/// For each param of S, whether no constraint of S ties it to S's set dims
/// or its existentials (in S's coalesced pieces): e.g. a recurrence's named
/// constants, which the domains carry only with their sign.
static std::vector<char> freeParams(const isl::set &S) {
  isl_size NP = isl_set_dim(S.get(), isl_dim_param);
  std::vector<char> Tied(NP > 0 ? NP : 0, 0);
  isl_set_foreach_basic_set(
      S.get(),
      [](isl_basic_set *BS, void *User) -> isl_stat {
        isl_basic_set_foreach_constraint(
            BS,
            [](isl_constraint *C, void *User) -> isl_stat {
              auto &Tied = *static_cast<std::vector<char> *>(User);
              isl_size NS = isl_constraint_dim(C, isl_dim_set);
              isl_size ND = isl_constraint_dim(C, isl_dim_div);
              bool Mixed = (NS > 0 && isl_constraint_involves_dims(
                                          C, isl_dim_set, 0, NS) == isl_bool_true) ||
                           (ND > 0 && isl_constraint_involves_dims(
                                          C, isl_dim_div, 0, ND) == isl_bool_true);
              if (Mixed)
                for (size_t P = 0; P < Tied.size(); ++P)
                  if (isl_constraint_involves_dims(C, isl_dim_param,
                                                   static_cast<unsigned>(P),
                                                   1) == isl_bool_true)
                    Tied[P] = 1;
              isl_constraint_free(C);
              return isl_stat_ok;
            },
            User);
        isl_basic_set_free(BS);
        return isl_stat_ok;
      },
      &Tied);
  for (char &T : Tied)
    T = !T;
  return Tied;
}

/// C (coalesced, several pieces) as one convex set if it is one: the
/// simple hull, else isl's polyhedral hull, where it holds no point
/// outside C; null where C is not convex.
static isl::set exactHull(const isl::set &C) {
  // The simple hull (constraints of the pieces, shifted to hold for all)
  // first: where it holds no point outside C it is the hull, found in
  // milliseconds where isl's polyhedral hull of a few pieces in six
  // dimensions takes seconds to minutes (BPMax's masked products).
  isl::set SH =
      isl::manage(isl_set_from_basic_set(isl_set_simple_hull(C.copy())));
  if (SH.is_subset(C))
    return SH;
  // isl's hull's time grows steeply with the dimensions, the params among
  // them. Params that no constraint ties to the set's dims (Free) make C
  // the product of its projection without them and its params' set on
  // them, where that product holds no point outside C; the hull of a
  // product is the product of the two hulls, each in fewer dimensions
  // (rnafold: 3 dims and 5 params, four named constants free among them,
  // 40 s -> milliseconds). Otherwise the hull of C itself.
  std::vector<char> Free = freeParams(C);
  if (std::count(Free.begin(), Free.end(), 1)) {
    isl_set *Rest = C.copy();
    isl_set *OnFree = isl_set_params(C.copy());
    for (int P = static_cast<int>(Free.size()) - 1; P >= 0; --P) {
      if (Free[P])
        Rest = isl_set_project_out(Rest, isl_dim_param, P, 1);
      else
        OnFree = isl_set_project_out(OnFree, isl_dim_param, P, 1);
    }
    isl::set RestS = isl::manage(Rest).coalesce();
    isl::set OnFreeS = isl::manage(OnFree);
    isl::set Product = RestS.intersect_params(OnFreeS);
    if (Product.is_subset(C)) {
      // (the projection's own hull the same way: it has fewer params)
      isl::set RestH =
          isl_set_n_basic_set(RestS.get()) <= 1 ? RestS : exactHull(RestS);
      if (RestH.is_null())
        return isl::set(); // the projection is not convex, nor is C
      isl::set FreeH = isl::manage(
          isl_set_from_basic_set(isl_set_polyhedral_hull(OnFreeS.copy())));
      isl::set H = isl::manage(isl_set_align_params(
          RestH.intersect_params(FreeH).release(), C.get_space().release()));
      // (C is the product: its hull is H; H holds no point outside C
      // exactly where C is convex)
      return H.is_subset(C) ? H : isl::set();
    }
  }
  isl::set H = isl::manage(isl_set_from_basic_set(
      isl_set_polyhedral_hull(C.copy())));
  return H.is_subset(C) ? H : isl::set();
}

isl::set dpc::convexIfExact(const isl::set &S) {
  isl::set C = S.coalesce();
  if (isl_set_n_basic_set(C.get()) <= 1)
    return C;
  isl::set H = exactHull(C);
  return H.is_null() ? C : H;
}

isl::set dpc::fillAlongLast(const isl::set &S) {
  isl_size N = isl_set_dim(S.get(), isl_dim_set);
  if (N < 1)
    return S;
  // { (a, z) -> (a, z') : z <= z' } and its reverse
  isl_map *Up = isl_map_universe(isl_space_map_from_set(S.get_space().release()));
  for (isl_size D = 0; D + 1 < N; ++D)
    Up = isl_map_equate(Up, isl_dim_in, D, isl_dim_out, D);
  Up = isl_map_order_le(Up, isl_dim_in, N - 1, isl_dim_out, N - 1);
  isl::map UpM = isl::manage(Up);
  return S.apply(UpM).intersect(S.apply(UpM.reverse())).coalesce();
}

isl::set dpc::convexCore(const isl::set &S) {
  isl::set C = convexIfExact(S);
  if (isOneConvexPiece(C))
    return C;
  isl::set Full = isl::set::empty(C.get_space());
  isl_set_foreach_basic_set(
      C.get(),
      [](isl_basic_set *BS, void *User) -> isl_stat {
        isl_basic_set *Hull = isl_basic_set_affine_hull(isl_basic_set_copy(BS));
        isl_mat *Eq = isl_basic_set_equalities_matrix(
            Hull, isl_dim_cst, isl_dim_param, isl_dim_set, isl_dim_div);
        bool FullDim = Eq && isl_mat_rows(Eq) == 0;
        isl_mat_free(Eq);
        isl_basic_set_free(Hull);
        isl::set &F = *static_cast<isl::set *>(User);
        if (FullDim)
          F = F.unite(isl::manage(isl_set_from_basic_set(BS)));
        else
          isl_basic_set_free(BS);
        return isl_stat_ok;
      },
      &Full);
  isl::set Core = convexIfExact(Full);
  return isOneConvexPiece(Core) ? Core : isl::set::empty(C.get_space());
}

bool dpc::paramSetConstraints(const isl::set &S, std::vector<Constraint> &Out) {
  isl::set C = isl::manage(isl_set_remove_redundancies(S.coalesce().release()));
  if (isl_set_n_basic_set(C.get()) != 1 || isl_set_dim(C.get(), isl_dim_set) != 0)
    return false;
  struct Data {
    std::vector<Constraint> &Out;
    bool OK = true;
  } D{Out};
  isl_set_foreach_basic_set(
      C.get(),
      [](isl_basic_set *BS, void *User) -> isl_stat {
        Data &D = *static_cast<Data *>(User);
        if (isl_basic_set_dim(BS, isl_dim_div) > 0)
          D.OK = false;
        else
          isl_basic_set_foreach_constraint(
              BS,
              [](isl_constraint *K, void *User) -> isl_stat {
                Data &D = *static_cast<Data *>(User);
                Constraint Out;
                Out.IsEq = isl_constraint_is_equality(K);
                isl_size N = isl_constraint_dim(K, isl_dim_param);
                for (isl_size I = 0; I < N; ++I) {
                  isl_val *V = isl_constraint_get_coefficient_val(K, isl_dim_param, I);
                  long Co = isl_val_get_num_si(V);
                  isl_val_free(V);
                  if (Co == 0)
                    continue;
                  const char *Name =
                      isl_constraint_get_dim_name(K, isl_dim_param, I);
                  if (Name)
                    Out.E = Out.E + Affine::var(Name, Co);
                  else
                    D.OK = false;
                }
                isl_val *K0 = isl_constraint_get_constant_val(K);
                Out.E.Const = isl_val_get_num_si(K0);
                isl_val_free(K0);
                isl_constraint_free(K);
                D.Out.push_back(Out);
                return isl_stat_ok;
              },
              &D);
        isl_basic_set_free(BS);
        return isl_stat_ok;
      },
      &D);
  return D.OK;
}

isl::set dpc::farkasCoefficients(const isl::set &S) {
  isl_basic_set *C = isl_set_coefficients(S.copy());
  C = isl_basic_set_flatten(C);
  return isl::manage(isl_set_reset_tuple_id(isl_set_from_basic_set(C)));
}

bool dpc::rationalLexmin(const isl::set &S, std::vector<Rational> &Out) {
  Out.clear();
  if (S.is_empty())
    return false;
  isl_pw_multi_aff *PMA = isl_set_lexmin_pw_multi_aff(S.copy());
  if (!PMA)
    return false;
  bool OK = isl_pw_multi_aff_n_piece(PMA) == 1;
  struct Data {
    std::vector<Rational> *Out;
    bool OK = true;
  } D{&Out};
  if (OK)
    isl_pw_multi_aff_foreach_piece(
        PMA,
        [](isl_set *Set, isl_multi_aff *MA, void *User) -> isl_stat {
          Data &D = *static_cast<Data *>(User);
          isl_set_free(Set);
          isl_size N = isl_multi_aff_dim(MA, isl_dim_out);
          for (isl_size I = 0; I < N && D.OK; ++I) {
            isl_aff *A = isl_multi_aff_get_aff(MA, I);
            isl_val *V = isl_aff_get_constant_val(A);
            // (a lexmin of a bounded param-free set: constant coordinates;
            // numerator and denominator each below 2^32)
            isl_val *Den = isl_val_get_den_val(V);
            if (!isl_aff_is_cst(A) || !isl_val_is_rat(V) ||
                isl_val_n_abs_num_chunks(V, 4) > 1 ||
                isl_val_n_abs_num_chunks(Den, 4) > 1)
              D.OK = false;
            else
              D.Out->push_back({isl_val_get_num_si(V), isl_val_get_den_si(V)});
            isl_val_free(Den);
            isl_val_free(V);
            isl_aff_free(A);
          }
          isl_multi_aff_free(MA);
          return isl_stat_ok;
        },
        &D);
  isl_pw_multi_aff_free(PMA);
  return OK && D.OK;
}
