//===- LowerBodies.cpp - equations into value expressions -----------------===//
#include "Lower/Lowering.h"

using namespace dpc;
using namespace dpc::ast;
using lir::IExpr;
using lir::IExprPtr;
using lir::VExpr;
using lir::VExprPtr;

namespace {

IExprPtr guardOf(const std::vector<Constraint> &Cs) {
  IExprPtr G;
  for (auto &C : Cs) {
    IExprPtr E = IExpr::op(C.IsEq ? IExpr::Eq : IExpr::Ge,
                           {IExpr::fromAffine(C.E), IExpr::num(0)});
    G = G ? IExpr::op(IExpr::And, {G, E}) : E;
  }
  return G ? G : IExpr::op(IExpr::Eq, {IExpr::num(0), IExpr::num(0)});
}

struct Lowerer {
  const Module &M;
  const InfinityInfo &Inf;
  const CopyTableInfo &CI;
  std::map<const Expr *, int> SplitOf;
  const std::vector<SplitPlan> &Splits;
  /// Reads whose subscripts read input values: their site numbers
  /// (lir::Program::ReadSites), shared by both lowerings of a body.
  std::map<const Expr *, int> *Sites = nullptr;
  std::vector<std::string> *SiteTexts = nullptr;
  std::string Table; // the table whose equation is being lowered

  int effTable(int T) const { return CI.IsCopy[T] ? CI.Source[T] : T; }

  VExprPtr lower(const Expr &E, ScalarType Ty) {
    auto V = std::make_shared<VExpr>();
    V->Ty = Ty;
    for (auto &Ev : E.Events) {
      lir::EventInfo EI{Ev.Name, {}};
      for (auto &A : Ev.AffArgs)
        EI.Args.push_back(IExpr::fromAffine(A));
      V->Events.push_back(EI);
    }
    switch (E.K) {
    case Expr::IntLit:
      V->K = VExpr::Const;
      V->IntVal = E.IntVal;
      V->FloatVal = E.FloatVal;
      return V;
    case Expr::FloatLit:
      V->K = VExpr::Const;
      V->FloatVal = E.FloatVal;
      return V;
    case Expr::InfLit:
      V->K = VExpr::Const;
      V->Inf = E.Negative ? -1 : 1;
      return V;
    case Expr::Name:
      V->K = VExpr::Index;
      V->Ix = IExpr::fromAffine(E.Value);
      return V;
    case Expr::Subscript:
      if (E.Ref == RefKind::Table) {
        V->K = VExpr::Load;
        V->Table = E.RefIndex;
        for (size_t D = 0; D < E.Index.size(); ++D) {
          if (!E.readsDataIndex()) {
            V->Idx.push_back(IExpr::fromAffine(E.Index[D]));
            continue;
          }
          bool Data = E.DataIndex[D];
          V->Idx.push_back(Data ? IExpr::var("dpc_data")
                                : IExpr::fromAffine(E.Index[D]));
          V->DynIdx.push_back(Data ? lower(*E.Args[D], ScalarType::Int64)
                                   : nullptr);
        }
        if (!V->DynIdx.empty()) {
          auto [It, New] = Sites->try_emplace(&E, int(SiteTexts->size()));
          if (New)
            SiteTexts->push_back(exprToString(E) + " in the equation of " +
                                 Table);
          V->ReadSite = It->second;
        }
        V->FiniteOperands = Inf.finite(effTable(E.RefIndex));
      } else {
        V->K = VExpr::InputLoad;
        V->Input = E.RefIndex;
        std::vector<IExprPtr> Idx; // (a matrix: row after row)
        for (auto &A : E.Index)
          Idx.push_back(IExpr::fromAffine(A));
        V->Ix = lir::rowMajor(M.Inputs[E.RefIndex].SizesA, Idx);
      }
      return V;
    case Expr::Call:
      V->K = VExpr::Score;
      V->ScoreId = E.RefIndex;
      for (auto &A : E.Args)
        V->SeqArgs.push_back({A->RefIndex, IExpr::fromAffine(A->Index[0])});
      return V;
    case Expr::Neg: V->K = VExpr::Neg; break;
    case Expr::Add: V->K = VExpr::Add; break;
    case Expr::Sub: V->K = VExpr::Sub; break;
    case Expr::Mul: V->K = VExpr::Mul; break;
    case Expr::MaxN: V->K = VExpr::Max; break;
    case Expr::MinN: V->K = VExpr::Min; break;
    case Expr::Exp: V->K = VExpr::Exp; break;
    case Expr::Log: V->K = VExpr::Log; break;
    case Expr::Reduce: {
      V->Op = E.Op;
      for (auto &B : E.Bindings)
        V->Bindings.push_back(
            {B.Var, IExpr::fromAffine(B.LoA), IExpr::fromAffine(B.HiA)});
      auto It = SplitOf.find(&E);
      if (It == SplitOf.end()) {
        V->K = VExpr::Reduce;
        V->Kids.push_back(lower(*E.Args[0], Ty));
        return V;
      }
      // A tile product reduces its core `X + Y (+|- t)*`; the terms
      // factored out of the body (SplitPlan::Terms) are added to the result.
      const SplitPlan &Sp = Splits[It->second];
      V->K = VExpr::SplitReduce;
      V->Split = It->second;
      V->Rest = Sp.RestLoops;
      V->Kids.push_back(lower(Sp.CaseArm ? *E.Args[0] : *Sp.Core, Ty));
      for (const FactoredTerm &T : Sp.Terms) {
        auto W = std::make_shared<VExpr>();
        W->K = T.Subtract ? VExpr::Sub : VExpr::Add;
        W->Ty = Ty;
        W->Kids = {V, lower(*T.E, Ty)};
        V = W;
      }
      return V;
    }
    case Expr::Cases:
      V->K = VExpr::Cases;
      for (auto &A : E.Arms) {
        V->Guards.push_back(A.G.IsElse ? nullptr : guardOf(A.G.Constraints));
        V->Kids.push_back(lower(*A.Body, Ty));
      }
      if (casesReadData(E))
        for (auto &A : E.Arms) {
          V->DataGuards.emplace_back();
          for (auto &DC : A.G.DataConds)
            V->DataGuards.back().push_back(
                {lower(*DC.L, ScalarType::Int64),
                 lower(*DC.R, ScalarType::Int64), DC.Op});
        }
      return V;
    }
    for (auto &A : E.Args)
      V->Kids.push_back(lower(*A, Ty));
    return V;
  }
};

} // namespace

void dpc::lowerBodies(const PolyModel &PM, const SchedulePlan &Plan,
                      const CopyTableInfo &CI, const InfinityInfo &Inf,
                      const std::vector<SplitPlan> &Splits, lir::Program &P) {
  const Module &M = PM.module();
  std::map<const Expr *, int> Sites;
  Lowerer L{M, Inf, CI, {}, Splits, &Sites, &P.ReadSites, ""};
  for (size_t S = 0; S < Splits.size(); ++S)
    L.SplitOf[Splits[S].Red] = static_cast<int>(S);

  std::map<int, int> LirId; // PolyModel statement -> lir statement
  for (int SI : Plan.EffStmts) {
    const Statement &S = PM.statements()[SI];
    const TableDecl &T = M.Tables[S.Table];
    lir::Statement St;
    St.Name = S.Name;
    St.Table = S.Table;
    St.Arm = S.Arm;
    St.Indices = T.Indices;
    L.Table = T.Name;
    St.Body = L.lower(*S.Body, T.Type);
    for (size_t C = 0; C < M.Tables.size(); ++C)
      if (CI.IsCopy[C] && CI.Source[C] == S.Table)
        St.MirrorTables.push_back(static_cast<int>(C));
    St.DomainText = islStr(S.Domain);
    std::string Lhs = T.Name + "[";
    for (size_t I = 0; I < T.Indices.size(); ++I)
      Lhs += (I ? ", " : "") + T.Indices[I];
    Lhs += "]";
    if (S.Arm >= 0) {
      const CaseArm &A = T.Eq->Body->Arms[S.Arm];
      std::string G = "else";
      if (!A.G.IsElse) {
        G.clear();
        for (auto &C : A.G.Constraints)
          G += (G.empty() ? "" : ", ") + C.str();
      }
      St.EquationText = Lhs + " = " + exprToString(*A.Body) + "   where " + G;
    } else {
      St.EquationText = Lhs + " = " + exprToString(*S.Body);
    }
    LirId[SI] = static_cast<int>(P.Stmts.size());
    P.Stmts.push_back(std::move(St));
  }

  {
    // no splits: generic reductions
    Lowerer G{M, Inf, CI, {}, Splits, &Sites, &P.ReadSites, ""};
    for (auto &T : M.Tables) {
      G.Table = T.Name;
      P.TableBodies.push_back(G.lower(*T.Eq->Body, T.Type));
    }
  }

  for (auto &Sp : Splits) {
    lir::SplitInfo I;
    I.Stmt = LirId[Sp.Stmt];
    I.RedText = exprToString(*Sp.Red);
    I.BodyText = exprToString(*Sp.Core);
    for (const FactoredTerm &T : Sp.Terms) {
      bool Paren = T.E->K == Expr::Add || T.E->K == Expr::Sub;
      I.FactoredText += std::string(T.Subtract ? " - " : " + ") +
                        (Paren ? "(" : "") + exprToString(*T.E) +
                        (Paren ? ")" : "");
    }
    I.Op = Sp.Red->Op;
    const TableDecl &T = M.Tables[PM.statements()[Sp.Stmt].Table];
    I.Ty = T.Type;
    for (auto &B : Sp.Red->Bindings)
      I.KVars.push_back(B.Var);
    const Expr &Body = *Sp.Pair;
    I.X = L.lower(*Body.Args[0], T.Type);
    I.Y = L.lower(*Body.Args[1], T.Type);
    for (const FactoredTerm &KT : Sp.KTerms)
      I.KTerms.push_back({KT.Subtract, L.lower(*KT.E, T.Type)});
    I.RowDim = Sp.RowDim;
    I.ColDim = Sp.ColDim;
    I.ProductLoops = Sp.ProductLoops;
    I.CpuLoops = Sp.CpuLoops;
    I.CpuLoopsKInner = Sp.CpuLoopsKInner;
    I.TileVars = Sp.TileVars;
    I.BoxLo = Sp.BoxLo;
    I.BoxSize = Sp.BoxSize;
    I.USet = Sp.USet;
    I.Rectangular = Sp.Rectangular;
    I.SoftInf = Sp.SoftInf;
    I.CellGuard = Sp.CellGuard;
    I.BoxGuard = Sp.BoxGuard;
    I.RowMask = Sp.RowMask;
    I.ColMask = Sp.ColMask;
    I.XLoadGuard = Sp.XLoadGuard;
    I.YLoadGuard = Sp.YLoadGuard;
    I.XRest = Sp.XRest;
    I.YRest = Sp.YRest;
    I.RestBySource = Sp.RestBySource;
    I.OldLo = Sp.OldLo;
    I.OldHi = Sp.OldHi;
    I.OldGuard = Sp.OldGuard;
    I.OldSet = Sp.OldSet;
    P.Splits.push_back(std::move(I));
  }

  for (size_t G = 0; G < Plan.Groups.size(); ++G) {
    const GroupPlan &Gp = Plan.Groups[G];
    lir::Group Gr;
    for (int S : Gp.Stmts)
      Gr.Stmts.push_back(LirId[S]);
    Gr.Tables = Gp.Tables;
    Gr.TileSizes = Gp.Tile;
    Gr.Signs = Gp.Signs;
    Gr.Shifts = Gp.Shifts;
    Gr.Tiled = Gp.Tiled;
    Gr.Parallel = Gp.Parallel;
    Gr.ParallelWhy = Gp.ParallelWhy;
    Gr.ShortUniform = Gp.ShortUniform;
    Gr.PatternWhy = Gp.PatternWhy;
    Gr.TileWhy = Gp.TileWhy;
    Gr.PointWhy = Gp.PointWhy;
    std::string T;
    for (size_t K = 0; K < Gp.Stmts.size(); ++K) {
      const Statement &S = PM.statements()[Gp.Stmts[K]];
      std::string B;
      for (auto &A : Gp.Band[K])
        B += (B.empty() ? "" : ", ") + A.str();
      std::string Idx;
      for (auto &I : M.Tables[S.Table].Indices)
        Idx += (Idx.empty() ? "" : ", ") + I;
      T += (T.empty() ? "" : "; ") + S.Name + "[" + Idx + "] -> [" + B + "]";
    }
    Gr.ScheduleText = "{ " + T + " }";
    P.Groups.push_back(std::move(Gr));
  }
}
