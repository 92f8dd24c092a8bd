//===- Lexer.h - tokens of the recurrence language ------------------------===//
//
// Takes the text of a .dp file (owned by llvm::SourceMgr); gives tokens with
// their source ranges. `#` starts a comment that runs to the end of the line.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Basic/Diagnostics.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/SMLoc.h"

#include <cstdint>

namespace dpc {

enum class Tok {
  Eof,
  Error,
  Ident,
  IntLit,
  FloatLit,
  // Keywords.
  KwRecurrence, KwParam, KwInput, KwLet, KwConst, KwScore, KwTable, KwOver, KwOutput,
  KwSchedule, KwIn, KwElse, KwDefault, KwInf, KwMax, KwMin, KwSum,
  // Punctuation.
  LBracket, RBracket, LParen, RParen, LBrace, RBrace, Comma, Colon, Pipe, At,
  Plus, Minus, Star, DotDot, Assign, EqEq, Lt, Le, Gt, Ge, Arrow,
};

/// Human-readable spelling of a token kind for "expected ..." messages.
const char *tokSpelling(Tok K);

struct Token {
  Tok Kind = Tok::Eof;
  llvm::StringRef Text;
  int64_t IntValue = 0;
  double FloatValue = 0;

  llvm::SMLoc loc() const { return llvm::SMLoc::getFromPointer(Text.data()); }
  llvm::SMLoc endLoc() const {
    return llvm::SMLoc::getFromPointer(Text.data() + Text.size());
  }
  llvm::SMRange range() const { return {loc(), endLoc()}; }
  bool is(Tok K) const { return Kind == K; }
};

class Lexer {
public:
  Lexer(llvm::StringRef Buffer, DiagEngine &Diags)
      : Buf(Buffer), Cur(Buffer.begin()), Diags(Diags) {}

  Token next();
  /// True if the token starts a line (only blanks before it on its line).
  bool atLineStart(const Token &T) const;

private:
  Token make(Tok K, const char *Start) const;
  void skipSpaceAndComments();

  llvm::StringRef Buf;
  const char *Cur;
  DiagEngine &Diags;
};

} // namespace dpc
