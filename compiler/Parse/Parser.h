//===- Parser.h - recursive-descent parser for .dp files ------------------===//
//
// Takes a buffer registered with llvm::SourceMgr; gives an ast::Module with a
// source range on every node. Syntax errors are reported through DiagEngine;
// after an error the parser skips to the next declaration and goes on, so
// one run reports several independent errors.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Basic/Diagnostics.h"
#include "Parse/AST.h"
#include "Parse/Lexer.h"

#include <deque>

namespace dpc {

class Parser {
public:
  Parser(llvm::SourceMgr &SM, unsigned BufferID, DiagEngine &Diags);

  /// file := 'recurrence' IDENT decl*
  /// Returns the module; check Diags.hadError() for syntax errors.
  std::unique_ptr<ast::Module> parseModule();

private:
  // ---- declarations ----
  /// decl := param | input | let | score | table | equation | output
  ///       | schedule
  bool parseDecl(ast::Module &M);
  /// param := 'param' param_item (',' param_item)*
  /// param_item := IDENT | chain
  /// A chain declares its first operand that is a bare name, unless that
  /// name is already a param (or an earlier `let`); either way it constrains
  /// the params:
  /// `param N >= 1, M >= N` declares N and M; `param N, 1 <= N <= 100`
  /// declares N, then constrains it.
  bool parseParam(ast::Module &M);
  /// input := 'input' IDENT ':' ALPHABET '[' expr (',' expr)? ']'
  /// (two sizes: a matrix of int values, Sema checks)
  bool parseInput(ast::Module &M);
  /// let := ('let' | 'const') IDENT '=' ['-'] INTEGER
  bool parseLet(ast::Module &M);
  /// score := 'score' IDENT '(' IDENT ':' ALPHABET (',' IDENT ':' ALPHABET)?
  ///          ')' ':' TYPE '{' entry (',' entry)* [','] '}'
  /// entry := (KEY | 'default') '=' score_value
  bool parseScore(ast::Module &M);
  /// score_value := ['-'] INTEGER | ['-'] NUMBER | 'inf' | '-inf'
  bool parseScoreValue(ScoreValue &V);
  /// table := 'table' IDENT '[' IDENT (',' IDENT)* ']' ':' TYPE 'over'
  ///          chain (',' chain)*
  bool parseTable(ast::Module &M);
  /// equation := IDENT '[' IDENT (',' IDENT)* ']' '=' body
  bool parseEquation(ast::Module &M);
  /// output := 'output' [IDENT '='] expr
  /// A cell `T[e, ...]` as before, or an expression over cells (a
  /// reduction); several outputs are several declarations.
  bool parseOutput(ast::Module &M);
  /// schedule := 'schedule' '{' schedule_item* '}'
  /// schedule_item := 'tile' IDENT INTEGER (',' INTEGER)*
  ///                | 'order' IDENT '[' IDENT (',' IDENT)* ']' '->'
  ///                  '(' expr (',' expr)* ')'
  ///                | 'layout' IDENT ('box' | 'triangle' | 'shares' IDENT)
  bool parseSchedule(ast::Module &M);

  // ---- bodies and expressions ----
  /// body := case+ | expr
  /// case := '|' guard ':' expr
  ast::ExprPtr parseBody();
  /// cases := ('|' guard ':' expr)+      (the '|' already seen)
  ast::ExprPtr parseCases(llvm::SMLoc Start);
  /// guard := 'else' | chain (',' chain)*
  bool parseGuard(ast::Guard &G);
  /// chain := expr (CMP expr)+        CMP := '<' | '<=' | '>' | '>=' | '='
  ///                                         | '=='
  bool parseChain(ast::Chain &C);
  /// expr := additive ('@' IDENT '(' [expr (',' expr)*] ')')*
  ast::ExprPtr parseExpr();
  /// additive := term (('+' | '-') term)*
  ast::ExprPtr parseAdditive();
  /// term := unary ('*' unary)*
  ast::ExprPtr parseTerm();
  /// unary := '-' unary | primary
  ast::ExprPtr parseUnary();
  /// primary := INTEGER | NUMBER | 'inf' | IDENT
  ///          | IDENT '[' expr (',' expr)* ']'
  ///          | IDENT '(' expr (',' expr)* ')'
  ///          | ('max' | 'min') '(' expr (',' expr)* ')'
  ///          | reduction
  ///          | '(' expr ')'
  ///          | '(' case+ ')'
  ast::ExprPtr parsePrimary();
  /// reduction := ('max' | 'min' | 'sum' | 'logsumexp') binding
  ///              (',' binding)* ':' expr
  /// ('logsumexp' is a keyword only there: IDENT 'in' follows it)
  /// binding := IDENT 'in' expr '..' expr
  ast::ExprPtr parseReduction();
  /// math := ('exp' | 'log') '(' expr ')'
  ast::ExprPtr parseMathCall();
  /// Comma-separated exprs up to (and eating) the closing token.
  bool parseExprList(std::vector<ast::ExprPtr> &Out, Tok Close);
  bool parseIdentList(std::vector<std::string> &Names,
                      std::vector<llvm::SMRange> &Ranges, Tok Close);
  bool parseTypeName(ScalarType &T);

  // ---- token plumbing ----
  const Token &peek(unsigned N = 0);
  Token consume();
  bool consumeIf(Tok K);
  bool expect(Tok K, const char *What);
  void errorAtTok(const llvm::Twine &Msg);
  bool isDeclStart();
  void syncToDecl();
  llvm::SMLoc prevEnd() const { return PrevEnd; }
  llvm::SMRange rangeFrom(llvm::SMLoc Start) const { return {Start, PrevEnd}; }

  llvm::SourceMgr &SM;
  Lexer Lex;
  DiagEngine &Diags;
  std::deque<Token> Ahead;
  llvm::SMLoc PrevEnd;

  // ---- nesting ----
  /// Expressions deeper than this (parentheses, unary minus, and the
  /// operands of a chain `a + b + ...`, which nests to the left) are
  /// rejected: the passes after the parser recurse over the tree, and a
  /// hostile file must not overflow their stack.
  static constexpr unsigned MaxExprDepth = 256;
  unsigned Depth = 0;
  /// One more level; false (after an error) past MaxExprDepth.
  bool deeper();
  struct DepthScope {
    unsigned &D, Saved;
    explicit DepthScope(unsigned &D) : D(D), Saved(D) {}
    ~DepthScope() { D = Saved; }
  };
};

/// Parses a file registered in SM; null if the file had syntax errors.
std::unique_ptr<ast::Module> parseFile(llvm::SourceMgr &SM, unsigned BufferID,
                                       DiagEngine &Diags);

} // namespace dpc
