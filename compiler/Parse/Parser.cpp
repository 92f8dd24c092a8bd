//===- Parser.cpp ---------------------------------------------------------===//
#include "Parse/Parser.h"

#include "llvm/Support/MemoryBuffer.h"

using namespace dpc;
using namespace dpc::ast;

Parser::Parser(llvm::SourceMgr &SM, unsigned BufferID, DiagEngine &Diags)
    : SM(SM), Lex(SM.getMemoryBuffer(BufferID)->getBuffer(), Diags),
      Diags(Diags) {}

//===-- token plumbing ----------------------------------------------------===//

const Token &Parser::peek(unsigned N) {
  while (Ahead.size() <= N)
    Ahead.push_back(Lex.next());
  return Ahead[N];
}

Token Parser::consume() {
  Token T = peek();
  Ahead.pop_front();
  PrevEnd = T.endLoc();
  return T;
}

bool Parser::consumeIf(Tok K) {
  if (!peek().is(K))
    return false;
  consume();
  return true;
}

void Parser::errorAtTok(const llvm::Twine &Msg) {
  const Token &T = peek();
  if (T.is(Tok::Error))
    return; // the lexer already reported it
  Diags.error(T.range(), Msg);
}

bool Parser::expect(Tok K, const char *What) {
  if (consumeIf(K))
    return true;
  const Token &T = peek();
  errorAtTok(llvm::Twine("expected ") + tokSpelling(K) + " " + What +
             ", found " +
             (T.is(Tok::Eof) ? llvm::Twine("end of file")
                             : llvm::Twine("'") + T.Text + "'"));
  return false;
}

bool Parser::deeper() {
  if (++Depth <= MaxExprDepth)
    return true;
  errorAtTok(llvm::Twine("expression nested too deeply (more than ") +
             llvm::Twine(MaxExprDepth) +
             " levels of parentheses, operators and operands)");
  return false;
}

bool Parser::isDeclStart() {
  const Token &T = peek();
  switch (T.Kind) {
  case Tok::KwRecurrence:
  case Tok::KwParam:
  case Tok::KwInput:
  case Tok::KwLet:
  case Tok::KwConst:
  case Tok::KwScore:
  case Tok::KwTable:
  case Tok::KwOutput:
  case Tok::KwSchedule:
  case Tok::Eof:
    return true;
  case Tok::Ident: {
    // An equation starts a line with `NAME[i, j] =`.
    if (!Lex.atLineStart(T) || !peek(1).is(Tok::LBracket))
      return false;
    for (unsigned K = 2;; K += 2) {
      if (!peek(K).is(Tok::Ident))
        return false;
      if (peek(K + 1).is(Tok::RBracket))
        return peek(K + 2).is(Tok::Assign);
      if (!peek(K + 1).is(Tok::Comma))
        return false;
    }
  }
  default:
    return false;
  }
}

void Parser::syncToDecl() {
  while (!isDeclStart())
    consume();
}

//===-- declarations ------------------------------------------------------===//

std::unique_ptr<Module> Parser::parseModule() {
  auto M = std::make_unique<Module>();
  if (!peek().is(Tok::KwRecurrence)) {
    errorAtTok("a recurrence file must start with 'recurrence NAME'");
    // Keep going: later declarations may still be checked for errors.
    while (!isDeclStart() || peek().is(Tok::Ident))
      consume();
  }
  if (consumeIf(Tok::KwRecurrence)) {
    if (peek().is(Tok::Ident)) {
      Token N = consume();
      M->Name = N.Text.str();
      M->NameRange = N.range();
    } else {
      expect(Tok::Ident, "(the recurrence's name) after 'recurrence'");
      syncToDecl();
    }
  }
  while (!peek().is(Tok::Eof)) {
    const char *Before = peek().Text.data();
    if (!parseDecl(*M)) {
      // Skip to the next declaration; make progress if the failing
      // declaration consumed nothing.
      if (peek().Text.data() == Before)
        consume();
      syncToDecl();
    }
  }
  return M;
}

bool Parser::parseDecl(Module &M) {
  switch (peek().Kind) {
  case Tok::KwParam: return parseParam(M);
  case Tok::KwInput: return parseInput(M);
  case Tok::KwLet:
  case Tok::KwConst: return parseLet(M);
  case Tok::KwScore: return parseScore(M);
  case Tok::KwTable: return parseTable(M);
  case Tok::KwOutput: return parseOutput(M);
  case Tok::KwSchedule: return parseSchedule(M);
  case Tok::KwRecurrence:
    errorAtTok("'recurrence' may appear only once, at the top of the file");
    return false;
  case Tok::Ident:
    if (peek(1).is(Tok::LBracket))
      return parseEquation(M);
    [[fallthrough]];
  default:
    errorAtTok("expected a declaration (param, input, let, score, table, an "
               "equation 'T[i, ...] = ...', output or schedule)");
    return false;
  }
}

static std::optional<CmpOp> cmpOf(Tok K);

bool Parser::parseParam(Module &M) {
  consume(); // param
  do {
    // A bare name (followed by ',' or the end of the declaration) declares
    // a param; anything else is a chain of comparisons.
    Tok After = peek(1).Kind;
    if (peek().is(Tok::Ident) && !cmpOf(After) && After != Tok::Plus &&
        After != Tok::Minus && After != Tok::Star && After != Tok::LBracket &&
        After != Tok::LParen && After != Tok::At) {
      Token N = consume();
      M.Params.push_back({N.Text.str(), N.range()});
      continue;
    }
    Chain C;
    if (!parseChain(C))
      return false;
    for (auto &O : C.Operands) {
      if (O->K != Expr::Name)
        continue;
      if (M.findParam(O->Ident) < 0 && M.findLet(O->Ident) < 0)
        M.Params.push_back({O->Ident, O->Range});
      break;
    }
    M.ParamChains.push_back(std::move(C));
  } while (consumeIf(Tok::Comma));
  return true;
}

bool Parser::parseInput(Module &M) {
  consume(); // input
  InputDecl D;
  if (!peek().is(Tok::Ident))
    return expect(Tok::Ident, "(the input's name)");
  Token N = consume();
  D.Name = N.Text.str();
  D.Range = N.range();
  if (!expect(Tok::Colon, "after the input's name"))
    return false;
  if (!peek().is(Tok::Ident))
    return expect(Tok::Ident, "(an alphabet: rna, dna, protein or int)");
  Token A = consume();
  auto Alpha = parseAlphabetName(A.Text);
  if (!Alpha) {
    Diags.error(A.range(), "unknown alphabet '" + A.Text +
                               "' (expected rna, dna, protein or int)");
    return false;
  }
  D.Alpha = *Alpha;
  if (!expect(Tok::LBracket, "before the input's size") ||
      !parseExprList(D.Sizes, Tok::RBracket))
    return false;
  M.Inputs.push_back(std::move(D));
  return true;
}

bool Parser::parseLet(Module &M) {
  LetDecl D;
  D.IsConst = consume().is(Tok::KwConst); // let | const
  if (!peek().is(Tok::Ident))
    return expect(Tok::Ident, "(the constant's name)");
  Token N = consume();
  D.Name = N.Text.str();
  D.Range = N.range();
  if (!expect(Tok::Assign, "after the constant's name"))
    return false;
  bool Neg = consumeIf(Tok::Minus);
  if (!peek().is(Tok::IntLit))
    return expect(Tok::IntLit, D.IsConst ? "(a 'const' is an integer)"
                                         : "(a 'let' constant is an integer)");
  D.Value = consume().IntValue * (Neg ? -1 : 1);
  M.Lets.push_back(std::move(D));
  return true;
}

bool Parser::parseScoreValue(ScoreValue &V) {
  bool Neg = consumeIf(Tok::Minus);
  if (consumeIf(Tok::KwInf)) {
    V.K = Neg ? ScoreValue::NegInf : ScoreValue::PosInf;
    return true;
  }
  if (peek().is(Tok::IntLit)) {
    V.I = consume().IntValue * (Neg ? -1 : 1);
    V.F = static_cast<double>(V.I);
    return true;
  }
  if (peek().is(Tok::FloatLit)) {
    V.F = consume().FloatValue * (Neg ? -1 : 1);
    V.IsFloatLit = true;
    return true;
  }
  errorAtTok("expected a score value (an integer, 'inf' or '-inf')");
  return false;
}

bool Parser::parseScore(Module &M) {
  consume(); // score
  ScoreDecl D;
  if (!peek().is(Tok::Ident))
    return expect(Tok::Ident, "(the score function's name)");
  Token N = consume();
  D.Name = N.Text.str();
  D.Range = N.range();
  if (!expect(Tok::LParen, "before the score function's parameters"))
    return false;
  do {
    if (!peek().is(Tok::Ident))
      return expect(Tok::Ident, "(a parameter name)");
    Token P = consume();
    if (!expect(Tok::Colon, "after the parameter's name"))
      return false;
    if (!peek().is(Tok::Ident))
      return expect(Tok::Ident, "(an alphabet)");
    Token A = consume();
    auto Alpha = parseAlphabetName(A.Text);
    if (!Alpha || *Alpha == Alphabet::Int) {
      Diags.error(A.range(), "a score parameter's alphabet must be rna, dna "
                             "or protein, not '" +
                                 A.Text + "'");
      return false;
    }
    D.Params.push_back({P.Text.str(), *Alpha});
  } while (consumeIf(Tok::Comma));
  if (!expect(Tok::RParen, "after the score function's parameters") ||
      !expect(Tok::Colon, "before the score function's type") ||
      !parseTypeName(D.Type) ||
      !expect(Tok::LBrace, "to open the score table"))
    return false;
  while (!peek().is(Tok::RBrace)) {
    if (consumeIf(Tok::KwDefault)) {
      llvm::SMRange R = {PrevEnd, PrevEnd};
      if (!expect(Tok::Assign, "after 'default'"))
        return false;
      ScoreValue V;
      llvm::SMLoc S = peek().loc();
      if (!parseScoreValue(V))
        return false;
      if (D.Default)
        Diags.error(rangeFrom(S), "score '" + D.Name +
                                      "' has more than one default");
      D.Default = V;
      D.DefaultRange = R;
    } else if (peek().is(Tok::Ident)) {
      Token K = consume();
      ScoreEntry E;
      E.Key = K.Text.str();
      E.Range = K.range();
      if (!expect(Tok::Assign, "after the score key") ||
          !parseScoreValue(E.Val))
        return false;
      D.Entries.push_back(std::move(E));
    } else {
      errorAtTok("expected a score entry 'KEY = VALUE' or 'default = VALUE'");
      return false;
    }
    if (!consumeIf(Tok::Comma))
      break;
  }
  if (!expect(Tok::RBrace, "to close the score table"))
    return false;
  M.Scores.push_back(std::move(D));
  return true;
}

bool Parser::parseTypeName(ScalarType &T) {
  if (!peek().is(Tok::Ident))
    return expect(Tok::Ident, "(a type: int, int16, int64, float or double)");
  Token N = consume();
  auto Ty = dpc::parseTypeName(N.Text);
  if (!Ty) {
    Diags.error(N.range(), "unknown type '" + N.Text +
                               "' (expected int, int16, int64, float or "
                               "double)");
    return false;
  }
  T = *Ty;
  return true;
}

bool Parser::parseIdentList(std::vector<std::string> &Names,
                            std::vector<llvm::SMRange> &Ranges, Tok Close) {
  do {
    if (!peek().is(Tok::Ident))
      return expect(Tok::Ident, "(an index name)");
    Token N = consume();
    Names.push_back(N.Text.str());
    Ranges.push_back(N.range());
  } while (consumeIf(Tok::Comma));
  return expect(Close, "after the index names");
}

bool Parser::parseTable(Module &M) {
  consume(); // table
  TableDecl D;
  if (!peek().is(Tok::Ident))
    return expect(Tok::Ident, "(the table's name)");
  Token N = consume();
  D.Name = N.Text.str();
  D.Range = N.range();
  if (!expect(Tok::LBracket, "before the table's indices") ||
      !parseIdentList(D.Indices, D.IndexRanges, Tok::RBracket) ||
      !expect(Tok::Colon, "before the table's type") ||
      !parseTypeName(D.Type) ||
      !expect(Tok::KwOver, "before the table's domain"))
    return false;
  do {
    Chain C;
    if (!parseChain(C))
      return false;
    D.Over.push_back(std::move(C));
  } while (consumeIf(Tok::Comma));
  M.Tables.push_back(std::move(D));
  return true;
}

bool Parser::parseEquation(Module &M) {
  auto E = std::make_unique<Equation>();
  Token N = consume();
  E->Table = N.Text.str();
  consume(); // [
  if (!parseIdentList(E->Indices, E->IndexRanges, Tok::RBracket))
    return false;
  E->Range = {N.loc(), PrevEnd};
  if (!expect(Tok::Assign, "after the equation's left-hand side"))
    return false;
  E->Body = parseBody();
  if (!E->Body)
    return false;
  M.Equations.push_back(std::move(E));
  return true;
}

bool Parser::parseOutput(Module &M) {
  llvm::SMLoc S = consume().loc(); // output
  OutputDecl D;
  if (peek().is(Tok::Ident) && peek(1).is(Tok::Assign)) { // output NAME =
    Token N = consume();
    consume(); // =
    D.Name = N.Text.str();
    D.NameRange = N.range();
  }
  D.Value = parseExpr();
  if (!D.Value)
    return false;
  D.Range = rangeFrom(S);
  M.Outputs.push_back(std::move(D));
  return true;
}

bool Parser::parseSchedule(Module &M) {
  consume(); // schedule
  if (!expect(Tok::LBrace, "after 'schedule'"))
    return false;
  while (!peek().is(Tok::RBrace) && !peek().is(Tok::Eof)) {
    if (!peek().is(Tok::Ident)) {
      errorAtTok("expected a schedule item: 'tile', 'order' or 'layout'");
      return false;
    }
    Token Kw = consume();
    ScheduleItem It;
    llvm::SMLoc Start = Kw.loc();
    if (Kw.Text == "tile")
      It.K = ScheduleItem::Tile;
    else if (Kw.Text == "order")
      It.K = ScheduleItem::Order;
    else if (Kw.Text == "layout")
      It.K = ScheduleItem::Layout;
    else {
      Diags.error(Kw.range(), "unknown schedule item '" + Kw.Text +
                                  "' (expected tile, order or layout)");
      return false;
    }
    if (!peek().is(Tok::Ident))
      return expect(Tok::Ident, "(a table name)");
    Token T = consume();
    It.Table = T.Text.str();
    It.TableRange = T.range();
    switch (It.K) {
    case ScheduleItem::Tile:
      do {
        if (!peek().is(Tok::IntLit))
          return expect(Tok::IntLit, "(a tile size)");
        It.Sizes.push_back(consume().IntValue);
      } while (consumeIf(Tok::Comma));
      break;
    case ScheduleItem::Order: {
      std::vector<llvm::SMRange> Rs;
      if (!expect(Tok::LBracket, "after the table name") ||
          !parseIdentList(It.Indices, Rs, Tok::RBracket) ||
          !expect(Tok::Arrow, "in 'order T[i, ...] -> (...)'") ||
          !expect(Tok::LParen, "before the schedule's expressions") ||
          !parseExprList(It.Exprs, Tok::RParen))
        return false;
      break;
    }
    case ScheduleItem::Layout: {
      if (!peek().is(Tok::Ident))
        return expect(Tok::Ident, "(a layout: box, triangle, band or shares T)");
      Token K = consume();
      It.LayoutKind = K.Text.str();
      It.KindRange = K.range();
      if (K.Text == "shares") {
        if (!peek().is(Tok::Ident))
          return expect(Tok::Ident, "(the table whose storage is shared)");
        It.SharesWith = consume().Text.str();
      } else if (K.Text != "box" && K.Text != "triangle" && K.Text != "band") {
        Diags.error(K.range(), "unknown layout '" + K.Text +
                                   "' (expected box, triangle, band or shares T)");
        return false;
      }
      break;
    }
    }
    It.Range = rangeFrom(Start);
    M.Schedule.push_back(std::move(It));
  }
  return expect(Tok::RBrace, "to close the schedule block");
}

//===-- bodies and expressions --------------------------------------------===//

ExprPtr Parser::parseBody() {
  if (peek().is(Tok::Pipe))
    return parseCases(peek().loc());
  return parseExpr();
}

ExprPtr Parser::parseCases(llvm::SMLoc Start) {
  auto E = std::make_unique<Expr>(Expr::Cases, llvm::SMRange());
  while (consumeIf(Tok::Pipe)) {
    CaseArm A;
    if (!parseGuard(A.G) || !expect(Tok::Colon, "after the case's guard"))
      return nullptr;
    A.Body = parseExpr();
    if (!A.Body)
      return nullptr;
    E->Arms.push_back(std::move(A));
  }
  E->Range = rangeFrom(Start);
  return E;
}

bool Parser::parseGuard(Guard &G) {
  llvm::SMLoc S = peek().loc();
  if (consumeIf(Tok::KwElse)) {
    G.IsElse = true;
    G.Range = rangeFrom(S);
    return true;
  }
  do {
    Chain C;
    if (!parseChain(C))
      return false;
    G.Chains.push_back(std::move(C));
  } while (consumeIf(Tok::Comma));
  G.Range = rangeFrom(S);
  return true;
}

static std::optional<CmpOp> cmpOf(Tok K) {
  switch (K) {
  case Tok::Lt: return CmpOp::Lt;
  case Tok::Le: return CmpOp::Le;
  case Tok::Gt: return CmpOp::Gt;
  case Tok::Ge: return CmpOp::Ge;
  case Tok::Assign:
  case Tok::EqEq: return CmpOp::Eq;
  default: return std::nullopt;
  }
}

bool Parser::parseChain(Chain &C) {
  llvm::SMLoc S = peek().loc();
  ExprPtr First = parseAdditive();
  if (!First)
    return false;
  C.Operands.push_back(std::move(First));
  while (auto Op = cmpOf(peek().Kind)) {
    consume();
    ExprPtr Next = parseAdditive();
    if (!Next)
      return false;
    C.Ops.push_back(*Op);
    C.Operands.push_back(std::move(Next));
  }
  C.Range = rangeFrom(S);
  if (C.Ops.empty()) {
    Diags.error(C.Range, "expected a comparison ('<', '<=', '>', '>=' or '=') "
                         "in this constraint");
    return false;
  }
  return true;
}

ExprPtr Parser::parseExpr() {
  ExprPtr E = parseAdditive();
  if (!E)
    return nullptr;
  while (peek().is(Tok::At)) {
    llvm::SMLoc AtLoc = consume().loc();
    Event Ev;
    if (!peek().is(Tok::Ident)) {
      expect(Tok::Ident, "(an event name) after '@'");
      return nullptr;
    }
    Ev.Name = consume().Text.str();
    if (!expect(Tok::LParen, "after the event's name"))
      return nullptr;
    if (!consumeIf(Tok::RParen) && !parseExprList(Ev.Args, Tok::RParen))
      return nullptr;
    Ev.Range = rangeFrom(AtLoc);
    E->Events.push_back(std::move(Ev));
  }
  return E;
}

static ExprPtr makeBinary(Expr::Kind K, ExprPtr L, ExprPtr R) {
  auto E = std::make_unique<Expr>(K, llvm::SMRange(L->Range.Start, R->Range.End));
  E->Args.push_back(std::move(L));
  E->Args.push_back(std::move(R));
  return E;
}

ExprPtr Parser::parseAdditive() {
  DepthScope Scope(Depth);
  if (!deeper())
    return nullptr;
  ExprPtr L = parseTerm();
  while (L && (peek().is(Tok::Plus) || peek().is(Tok::Minus))) {
    Expr::Kind K = consume().is(Tok::Plus) ? Expr::Add : Expr::Sub;
    if (!deeper()) // L becomes the left operand: one level deeper
      return nullptr;
    ExprPtr R = parseTerm();
    if (!R)
      return nullptr;
    L = makeBinary(K, std::move(L), std::move(R));
  }
  return L;
}

ExprPtr Parser::parseTerm() {
  DepthScope Scope(Depth);
  ExprPtr L = parseUnary();
  while (L && peek().is(Tok::Star)) {
    consume();
    if (!deeper())
      return nullptr;
    ExprPtr R = parseUnary();
    if (!R)
      return nullptr;
    L = makeBinary(Expr::Mul, std::move(L), std::move(R));
  }
  return L;
}

ExprPtr Parser::parseUnary() {
  if (peek().is(Tok::Minus)) {
    llvm::SMLoc S = consume().loc();
    DepthScope Scope(Depth);
    if (!deeper())
      return nullptr;
    ExprPtr Op = parseUnary();
    if (!Op)
      return nullptr;
    // Fold `-literal` so that `-inf` and `-3` are single literals.
    if (Op->K == Expr::InfLit || Op->K == Expr::IntLit ||
        Op->K == Expr::FloatLit) {
      Op->Negative = !Op->Negative;
      Op->IntVal = -Op->IntVal;
      Op->FloatVal = -Op->FloatVal;
      Op->Range.Start = S;
      return Op;
    }
    auto E = std::make_unique<Expr>(Expr::Neg, llvm::SMRange(S, Op->Range.End));
    E->Args.push_back(std::move(Op));
    return E;
  }
  return parsePrimary();
}

bool Parser::parseExprList(std::vector<ExprPtr> &Out, Tok Close) {
  do {
    ExprPtr E = parseExpr();
    if (!E)
      return false;
    Out.push_back(std::move(E));
  } while (consumeIf(Tok::Comma));
  return expect(Close, Close == Tok::RParen ? "to close the argument list"
                                            : "to close the subscript");
}

ExprPtr Parser::parseReduction() {
  Token OpT = consume();
  auto E = std::make_unique<Expr>(Expr::Reduce, llvm::SMRange());
  E->Op = OpT.is(Tok::KwMax)   ? RedOp::Max
          : OpT.is(Tok::KwMin) ? RedOp::Min
          : OpT.is(Tok::KwSum) ? RedOp::Sum
                               : RedOp::LogSumExp; // the identifier logsumexp
  do {
    RedBinding B;
    if (!peek().is(Tok::Ident)) {
      expect(Tok::Ident, "(a reduction index)");
      return nullptr;
    }
    Token V = consume();
    B.Var = V.Text.str();
    B.VarRange = V.range();
    if (!expect(Tok::KwIn, "after the reduction index"))
      return nullptr;
    B.Lo = parseAdditive();
    if (!B.Lo || !expect(Tok::DotDot, "between the reduction's bounds"))
      return nullptr;
    B.Hi = parseAdditive();
    if (!B.Hi)
      return nullptr;
    E->Bindings.push_back(std::move(B));
  } while (consumeIf(Tok::Comma));
  if (!expect(Tok::Colon, "before the reduction's body"))
    return nullptr;
  ExprPtr Body = parseExpr();
  if (!Body)
    return nullptr;
  E->Range = {OpT.loc(), Body->Range.End};
  E->Args.push_back(std::move(Body));
  return E;
}

ExprPtr Parser::parseMathCall() {
  Token N = consume();
  consume(); // (
  auto E = std::make_unique<Expr>(N.Text == "exp" ? Expr::Exp : Expr::Log,
                                  llvm::SMRange());
  E->Ident = N.Text.str();
  E->IdentRange = N.range();
  if (!parseExprList(E->Args, Tok::RParen))
    return nullptr;
  E->Range = rangeFrom(N.loc());
  if (E->Args.size() != 1) {
    Diags.error(E->Range, "'" + E->Ident + "' takes one argument, not " +
                              llvm::Twine(E->Args.size()));
    return nullptr;
  }
  return E;
}

ExprPtr Parser::parsePrimary() {
  const Token &T = peek();
  switch (T.Kind) {
  case Tok::IntLit: {
    Token L = consume();
    auto E = std::make_unique<Expr>(Expr::IntLit, L.range());
    E->IntVal = L.IntValue;
    E->FloatVal = static_cast<double>(L.IntValue);
    return E;
  }
  case Tok::FloatLit: {
    Token L = consume();
    auto E = std::make_unique<Expr>(Expr::FloatLit, L.range());
    E->FloatVal = L.FloatValue;
    return E;
  }
  case Tok::KwInf:
    return std::make_unique<Expr>(Expr::InfLit, consume().range());
  case Tok::KwMax:
  case Tok::KwMin:
  case Tok::KwSum:
    if (peek(1).is(Tok::Ident) && peek(2).is(Tok::KwIn))
      return parseReduction();
    if (!T.is(Tok::KwSum) && peek(1).is(Tok::LParen)) {
      Token OpT = consume();
      consume(); // (
      auto E = std::make_unique<Expr>(
          OpT.is(Tok::KwMax) ? Expr::MaxN : Expr::MinN, llvm::SMRange());
      if (!parseExprList(E->Args, Tok::RParen))
        return nullptr;
      E->Range = rangeFrom(OpT.loc());
      return E;
    }
    errorAtTok(llvm::Twine(tokSpelling(T.Kind)) +
               " must be followed by '(' or by a reduction 'k in LO .. HI :'");
    return nullptr;
  case Tok::Ident: {
    if ((T.Text == "exp" || T.Text == "log") && peek(1).is(Tok::LParen))
      return parseMathCall();
    if (T.Text == "logsumexp" && peek(1).is(Tok::Ident) && peek(2).is(Tok::KwIn))
      return parseReduction();
    Token N = consume();
    if (peek().is(Tok::LBracket) || peek().is(Tok::LParen)) {
      bool Sub = consume().is(Tok::LBracket);
      auto E = std::make_unique<Expr>(Sub ? Expr::Subscript : Expr::Call,
                                      llvm::SMRange());
      E->Ident = N.Text.str();
      E->IdentRange = N.range();
      if (!parseExprList(E->Args, Sub ? Tok::RBracket : Tok::RParen))
        return nullptr;
      E->Range = rangeFrom(N.loc());
      return E;
    }
    auto E = std::make_unique<Expr>(Expr::Name, N.range());
    E->Ident = N.Text.str();
    E->IdentRange = N.range();
    return E;
  }
  case Tok::LParen: {
    llvm::SMLoc S = consume().loc();
    if (peek().is(Tok::Pipe)) {
      ExprPtr E = parseCases(S);
      if (!E || !expect(Tok::RParen, "to close the case expression"))
        return nullptr;
      E->Range = rangeFrom(S);
      return E;
    }
    ExprPtr E = parseExpr();
    if (!E || !expect(Tok::RParen, "to close the parenthesis"))
      return nullptr;
    return E;
  }
  default:
    errorAtTok(T.is(Tok::Eof) ? llvm::Twine("expected an expression, found "
                                            "end of file")
                              : llvm::Twine("expected an expression, found '") +
                                    T.Text + "'");
    return nullptr;
  }
}

std::unique_ptr<Module> dpc::parseFile(llvm::SourceMgr &SM, unsigned BufferID,
                                       DiagEngine &Diags) {
  unsigned Before = Diags.numErrors();
  Parser P(SM, BufferID, Diags);
  auto M = P.parseModule();
  M->FileName = SM.getMemoryBuffer(BufferID)->getBufferIdentifier().str();
  if (Diags.numErrors() != Before)
    return nullptr;
  return M;
}
