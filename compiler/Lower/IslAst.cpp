//===- IslAst.cpp ---------------------------------------------------------===//
#include "Lower/IslAst.h"

#include "Basic/Diagnostics.h"

using namespace dpc;
using namespace dpc::lir;

IExprPtr dpc::fromIslExpr(const isl::ast_expr &E) {
  if (E.isa<isl::ast_expr_int>())
    return IExpr::num(valToInt(E.as<isl::ast_expr_int>().val()));
  if (E.isa<isl::ast_expr_id>())
    return IExpr::var(E.as<isl::ast_expr_id>().id().name());
  DPC_ASSERT(E.isa<isl::ast_expr_op>(), "unexpected isl AST expression");
  isl::ast_expr_op Op = E.as<isl::ast_expr_op>();
  std::vector<IExprPtr> A;
  for (unsigned I = 0; I < Op.n_arg(); ++I)
    A.push_back(fromIslExpr(Op.arg(I)));
  auto Fold = [&](IExpr::Op K) {
    // n-ary min/max/and/or fold left
    IExprPtr R = A[0];
    for (size_t I = 1; I < A.size(); ++I)
      R = IExpr::op(K, {R, A[I]});
    return R;
  };
  if (Op.isa<isl::ast_expr_op_add>()) return IExpr::op(IExpr::Add, A);
  if (Op.isa<isl::ast_expr_op_sub>()) return IExpr::op(IExpr::Sub, A);
  if (Op.isa<isl::ast_expr_op_mul>()) return IExpr::op(IExpr::Mul, A);
  if (Op.isa<isl::ast_expr_op_minus>()) return IExpr::op(IExpr::Neg, A);
  if (Op.isa<isl::ast_expr_op_div>()) return IExpr::op(IExpr::ExactDiv, A);
  if (Op.isa<isl::ast_expr_op_fdiv_q>()) return IExpr::op(IExpr::FloorDiv, A);
  if (Op.isa<isl::ast_expr_op_pdiv_q>()) return IExpr::op(IExpr::FloorDiv, A);
  if (Op.isa<isl::ast_expr_op_pdiv_r>()) return IExpr::op(IExpr::Mod, A);
  if (Op.isa<isl::ast_expr_op_zdiv_r>()) return IExpr::op(IExpr::Mod, A);
  if (Op.isa<isl::ast_expr_op_min>()) return Fold(IExpr::Min);
  if (Op.isa<isl::ast_expr_op_max>()) return Fold(IExpr::Max);
  if (Op.isa<isl::ast_expr_op_and>() || Op.isa<isl::ast_expr_op_and_then>())
    return Fold(IExpr::And);
  if (Op.isa<isl::ast_expr_op_or>() || Op.isa<isl::ast_expr_op_or_else>())
    return Fold(IExpr::Or);
  if (Op.isa<isl::ast_expr_op_select>() || Op.isa<isl::ast_expr_op_cond>())
    return IExpr::op(IExpr::Select, A);
  if (Op.isa<isl::ast_expr_op_eq>()) return IExpr::op(IExpr::Eq, A);
  if (Op.isa<isl::ast_expr_op_le>()) return IExpr::op(IExpr::Le, A);
  if (Op.isa<isl::ast_expr_op_lt>()) return IExpr::op(IExpr::Lt, A);
  if (Op.isa<isl::ast_expr_op_ge>()) return IExpr::op(IExpr::Ge, A);
  if (Op.isa<isl::ast_expr_op_gt>()) return IExpr::op(IExpr::Gt, A);
  DPC_ICE("unsupported isl AST operation: " + E.to_C_str());
}

namespace {
struct Converter {
  const StmtNames &Ids;

  LNodePtr node(const isl::ast_node &N) {
    auto R = std::make_shared<LNode>();
    if (N.isa<isl::ast_node_for>()) {
      isl::ast_node_for F = N.as<isl::ast_node_for>();
      R->K = LNode::For;
      R->Iter = F.iterator().as<isl::ast_expr_id>().id().name();
      R->Lo = fromIslExpr(F.init());
      isl::ast_expr Inc = F.inc();
      R->Step = Inc.isa<isl::ast_expr_int>()
                    ? valToInt(Inc.as<isl::ast_expr_int>().val())
                    : 0;
      DPC_ASSERT(R->Step >= 1, "non-constant loop step from isl");
      isl::ast_expr C = F.cond();
      DPC_ASSERT(C.isa<isl::ast_expr_op>(), "unexpected loop condition");
      isl::ast_expr_op Op = C.as<isl::ast_expr_op>();
      DPC_ASSERT(Op.n_arg() == 2 && Op.arg(0).isa<isl::ast_expr_id>() &&
                     Op.arg(0).as<isl::ast_expr_id>().id().name() == R->Iter,
                 "loop condition is not `iterator <= bound`: " + C.to_C_str());
      IExprPtr B = fromIslExpr(Op.arg(1));
      if (Op.isa<isl::ast_expr_op_le>())
        R->Hi = B;
      else if (Op.isa<isl::ast_expr_op_lt>())
        R->Hi = B - IExpr::num(1);
      else
        DPC_ICE("unsupported loop condition: " + C.to_C_str());
      R->Kids.push_back(node(F.body()));
      return R;
    }
    if (N.isa<isl::ast_node_if>()) {
      isl::ast_node_if I = N.as<isl::ast_node_if>();
      R->K = LNode::If;
      R->Cond = fromIslExpr(I.cond());
      R->Then = node(I.then_node());
      if (I.has_else_node())
        R->Else = node(I.else_node());
      return R;
    }
    if (N.isa<isl::ast_node_block>()) {
      R->K = LNode::Block;
      isl::ast_node_list L = N.as<isl::ast_node_block>().children();
      for (unsigned I = 0; I < L.size(); ++I)
        R->Kids.push_back(node(L.at(I)));
      return R;
    }
    if (N.isa<isl::ast_node_mark>()) {
      isl::ast_node_mark M = N.as<isl::ast_node_mark>();
      R->K = LNode::Mark;
      R->MarkName = M.id().name();
      R->Kids.push_back(node(M.node()));
      return R;
    }
    DPC_ASSERT(N.isa<isl::ast_node_user>(), "unexpected isl AST node");
    isl::ast_expr E = N.as<isl::ast_node_user>().expr();
    isl::ast_expr_op Call = E.as<isl::ast_expr_op>();
    std::string Name = Call.arg(0).as<isl::ast_expr_id>().id().name();
    auto It = Ids.find(Name);
    DPC_ASSERT(It != Ids.end(), "unknown statement " + Name + " in isl AST");
    R->K = LNode::Stmt;
    R->SKind = It->second.first;
    R->Ref = It->second.second;
    for (unsigned I = 1; I < Call.n_arg(); ++I)
      R->Args.push_back(fromIslExpr(Call.arg(I)));
    return R;
  }
};

/// Gives loops their roles from the marks above them.
void assignRoles(LNode &N, LoopRole Pending, bool All) {
  switch (N.K) {
  case LNode::For: {
    N.Role = Pending;
    LoopRole Next = All ? Pending : LoopRole::Plain;
    for (auto &K : N.Kids)
      assignRoles(*K, Next, All);
    return;
  }
  case LNode::Mark: {
    LoopRole R = LoopRole::Plain;
    bool A = false;
    if (N.MarkName == "tiles")
      R = LoopRole::TileWavefront;
    else if (N.MarkName == "parallel_tiles")
      R = LoopRole::ParallelTiles, A = true;
    else if (N.MarkName == "points")
      R = LoopRole::PointWavefront;
    else if (N.MarkName == "parallel_points")
      R = LoopRole::ParallelPoints, A = true;
    else if (N.MarkName == "parallel")
      R = LoopRole::Parallel;
    else if (N.MarkName == "sequential")
      R = LoopRole::Sequential;
    for (auto &K : N.Kids)
      assignRoles(*K, R, A);
    return;
  }
  case LNode::If:
    assignRoles(*N.Then, Pending, All);
    if (N.Else)
      assignRoles(*N.Else, Pending, All);
    return;
  case LNode::Block:
    for (auto &K : N.Kids)
      assignRoles(*K, Pending, All);
    return;
  case LNode::Stmt:
    return;
  }
}
} // namespace

LNodePtr dpc::fromIslAst(const isl::ast_node &N, const StmtNames &Names) {
  Converter C{Names};
  LNodePtr R = C.node(N);
  assignRoles(*R, LoopRole::Plain, false);
  return R;
}

LNodePtr dpc::buildLoops(const isl::schedule &S, const isl::set &Context,
                         const StmtNames &Names) {
  isl::ast_build B = isl::ast_build::from_context(Context);
  return fromIslAst(B.node_from(S), Names);
}

IExprPtr dpc::fromPwAff(const isl::pw_aff &PA, const isl::set &Context) {
  isl::ast_build B = isl::ast_build::from_context(Context);
  return fromIslExpr(B.expr_from(PA));
}

IExprPtr dpc::fromParamSet(const isl::set &S, const isl::set &Context) {
  isl::ast_build B = isl::ast_build::from_context(Context);
  return fromIslExpr(B.expr_from(S));
}
