//===- CheckWellFounded.cpp - proof (3): dependences are well founded -----===//
//
// A cell that reads itself is reported at the read. Otherwise, for each
// strongly connected component of the statement-level dependence graph,
// isl's scheduler is asked for a schedule that respects the component's
// dependences; the schedule is then checked to run each source strictly
// before its sink, which proves there is no cycle in the component. A
// cycle of instances lies in one component (the components form a DAG),
// so no cycle at all; and scheduling components apart keeps the proof
// near-linear in the number of tables (isl's scheduler on the whole graph
// was not). If one has no schedule, the dependence graph is instantiated
// at small sizes and a cycle is searched for and reported read by read.
//
//===----------------------------------------------------------------------===//
#include "Poly/Checks.h"

#include "Basic/Graph.h"

#include <functional>
#include <map>
#include <set>

using namespace dpc;
using namespace dpc::ast;

namespace {

struct Edge {
  std::string To;
  const Statement *Sink;
  const ReadAccess *Read;
};

/// The strongly connected components of the statement-level graph of
/// Deps (an edge per map, between its tuples' names), each as the
/// dependence maps inside it (none between components), with the domains
/// of its statements. Components without a dependence inside are left out:
/// no cycle can lie in them.
struct Component {
  isl::union_map Deps;
  isl::union_set Dom;
};
std::vector<Component> components(const isl::union_map &Deps,
                                  const isl::union_set &Doms) {
  std::map<std::string, int> Id;
  std::vector<std::vector<int>> Succ;
  auto node = [&](const std::string &N) {
    auto [It, New] = Id.emplace(N, static_cast<int>(Id.size()));
    if (New)
      Succ.emplace_back();
    return It->second;
  };
  std::vector<isl::map> Maps;
  std::vector<std::pair<int, int>> Ends;
  Deps.foreach_map([&](isl::map D) {
    int A = node(domainTupleName(D));
    int B = node(rangeTupleName(D));
    Succ[A].push_back(B);
    Maps.push_back(D);
    Ends.push_back({A, B});
  });
  std::vector<int> Comp(Succ.size(), -1);
  const auto Comps = stronglyConnectedComponents(Succ);
  const int NComp = static_cast<int>(Comps.size());
  for (int C = 0; C < NComp; ++C)
    for (int V : Comps[C])
      Comp[V] = C;
  std::vector<Component> Out;
  std::vector<int> Slot(NComp, -1);
  isl::ctx Ctx = Deps.ctx();
  for (size_t E = 0; E < Maps.size(); ++E) {
    int C = Comp[Ends[E].first];
    if (C != Comp[Ends[E].second])
      continue;
    if (Slot[C] < 0) {
      Slot[C] = static_cast<int>(Out.size());
      Out.push_back({isl::union_map::empty(Ctx), isl::union_set::empty(Ctx)});
    }
    uniteInto(Out[Slot[C]].Deps, isl::union_map(Maps[E]));
  }
  Doms.foreach_set([&](isl::set S) {
    auto It = Id.find(tupleName(S));
    if (It == Id.end() || Slot[Comp[It->second]] < 0)
      return;
    uniteInto(Out[Slot[Comp[It->second]]].Dom, isl::union_set(S));
  });
  return Out;
}

std::string pointKey(const isl::point &P, size_t Skip, size_t Count,
                     const std::string &Tuple) {
  PointValues V = pointValues(P);
  std::string S = Tuple + "[";
  for (size_t I = 0; I < Count; ++I)
    S += (I ? ", " : "") + std::to_string(V.Values[Skip + I].second);
  return S + "]";
}

/// Searches the dependence graph at fixed sizes for a cycle.
bool findCycle(const PolyModel &PM,
               const std::vector<std::pair<std::string, int64_t>> &Params,
               std::vector<std::pair<std::string, Edge>> &Cycle) {
  std::map<std::string, std::vector<Edge>> G;
  size_t NP = Params.size();
  // Statement tuples print as the table cells they define.
  std::map<std::string, std::string> CellName;
  for (auto &S : PM.statements())
    CellName[S.Name] = PM.module().Tables[S.Table].Name;
  for (auto &S : PM.statements()) {
    for (auto &R : S.Reads) {
      isl::union_map D = fixParams(PM.dependencesOf(S, R), Params);
      D.foreach_map([&](isl::map Mp) {
        isl::set SrcSet = Mp.domain();
        std::string SrcName = CellName[tupleName(SrcSet)];
        std::string SnkName = CellName[tupleName(Mp.range())];
        size_t NIn = setDimNames(SrcSet).size();
        size_t NOut = setDimNames(Mp.range()).size();
        Mp.wrap().foreach_point([&](isl::point P) {
          std::string From = pointKey(P, NP, NIn, SrcName);
          std::string To = pointKey(P, NP + NIn, NOut, SnkName);
          G[From].push_back({To, &S, &R});
        });
      });
    }
  }
  // Iterative DFS with colours.
  std::map<std::string, int> Colour;
  std::vector<std::pair<std::string, Edge>> Stack;
  std::function<bool(const std::string &)> Dfs = [&](const std::string &U) {
    Colour[U] = 1;
    for (auto &E : G[U]) {
      Stack.push_back({U, E});
      int C = Colour[E.To];
      if (C == 1) {
        // Cycle: from E.To back around to U.
        size_t Start = 0;
        for (size_t I = 0; I < Stack.size(); ++I)
          if (Stack[I].first == E.To)
            Start = I;
        Cycle.assign(Stack.begin() + Start, Stack.end());
        return true;
      }
      if (C == 0 && Dfs(E.To))
        return true;
      Stack.pop_back();
    }
    Colour[U] = 2;
    return false;
  };
  for (auto &[U, Es] : G)
    if (Colour[U] == 0 && Dfs(U))
      return true;
  return false;
}

} // namespace

bool dpc::checkWellFounded(const PolyModel &PM, DiagEngine &Diags) {
  const Module &M = PM.module();
  bool OK = true;
  // A read of the very cell being defined.
  for (auto &S : PM.statements()) {
    const TableDecl &T = M.Tables[S.Table];
    for (auto &R : S.Reads) {
      if (!R.IsTable || R.Target != S.Table)
        continue;
      std::vector<Affine> Self;
      for (auto &I : T.Indices)
        Self.push_back(Affine::var(I));
      isl::map Own = PM.makeMap(S.Name, R.CtxVars, T.Name, Self);
      isl::set Bad = R.Access.intersect(Own).domain();
      if (Bad.is_empty())
        continue;
      OK = false;
      PointValues P = namedSample(Bad, R.CtxVars);
      Diags.error(R.Read->Range, "read " + exprToString(*R.Read) +
                                     " reads the cell being defined, at " +
                                     P.str() + ": the dependences have a cycle");
      if (R.Read->readsDataIndex())
        Diags.note(R.Read->Range,
                   "a subscript computed from input values may be any index "
                   "along its dimension as far as the proofs know (they do "
                   "not know the input's values): read another row, as in "
                   "0/1 knapsack's C[i - 1, c - w[i - 1]]");
    }
  }
  if (!OK)
    return false;

  bool Proven = true;
  try {
    for (const Component &C :
         components(PM.dependences(), PM.domains())) {
      isl::schedule Sched = isl::schedule_constraints::on_domain(C.Dom)
                                .set_context(PM.paramContext())
                                .set_validity(C.Deps)
                                .compute_schedule();
      isl::union_map SM = Sched.map().intersect_domain(C.Dom);
      // Only the ordered pairs that are dependences (lexLtUnionMap(SM, SM)
      // would order every pair of statements: quadratic).
      if (!C.Deps.is_subset(lexLtOn(C.Deps, SM, SM))) {
        Proven = false;
        break;
      }
    }
  } catch (const isl::exception_quota &) {
    throw; // reported by the caller, never as a cycle
  } catch (const isl::exception &) {
    Proven = false;
  }
  if (Proven)
    return true;

  // Find and report a concrete cycle at small sizes.
  std::vector<std::pair<std::string, Edge>> Cycle;
  std::vector<std::pair<std::string, int64_t>> Fixed;
  for (int64_t V = 1; V <= 6 && Cycle.empty(); ++V) {
    Fixed.clear();
    for (auto &P : M.Params)
      Fixed.push_back({P.Name, V});
    for (auto &L : M.Lets)
      Fixed.push_back({L.Name, L.Value});
    if (fixParams(PM.paramContext(), Fixed).is_empty())
      continue;
    findCycle(PM, Fixed, Cycle);
  }
  if (Cycle.empty()) {
    Diags.error(M.NameRange,
                "could not prove that the dependences of '" + M.Name +
                    "' are well founded: isl found no schedule that computes "
                    "every cell after the cells it reads");
    return false;
  }
  std::string At;
  for (auto &[N, V] : Fixed)
    At += (At.empty() ? "" : ", ") + N + " = " + std::to_string(V);
  const Edge &First = Cycle.front().second;
  Diags.error(First.Read->Read->Range,
              "the dependences have a cycle of " +
                  std::to_string(Cycle.size()) + " read(s) at " + At +
                  "; this read is on it");
  for (auto &[From, E] : Cycle)
    Diags.note(E.Read->Read->Range,
               E.To + " reads " + From + " through " +
                   exprToString(*E.Read->Read));
  return false;
}
