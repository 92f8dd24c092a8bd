//===- Lexer.cpp ----------------------------------------------------------===//
#include "Parse/Lexer.h"

#include "llvm/ADT/StringSwitch.h"

#include <cctype>
#include <cmath>
#include <cerrno>
#include <cstdlib>

using namespace dpc;

const char *dpc::tokSpelling(Tok K) {
  switch (K) {
  case Tok::Eof: return "end of file";
  case Tok::Error: return "invalid token";
  case Tok::Ident: return "identifier";
  case Tok::IntLit: return "integer";
  case Tok::FloatLit: return "number";
  case Tok::KwRecurrence: return "'recurrence'";
  case Tok::KwParam: return "'param'";
  case Tok::KwInput: return "'input'";
  case Tok::KwLet: return "'let'";
  case Tok::KwConst: return "'const'";
  case Tok::KwScore: return "'score'";
  case Tok::KwTable: return "'table'";
  case Tok::KwOver: return "'over'";
  case Tok::KwOutput: return "'output'";
  case Tok::KwSchedule: return "'schedule'";
  case Tok::KwIn: return "'in'";
  case Tok::KwElse: return "'else'";
  case Tok::KwDefault: return "'default'";
  case Tok::KwInf: return "'inf'";
  case Tok::KwMax: return "'max'";
  case Tok::KwMin: return "'min'";
  case Tok::KwSum: return "'sum'";
  case Tok::LBracket: return "'['";
  case Tok::RBracket: return "']'";
  case Tok::LParen: return "'('";
  case Tok::RParen: return "')'";
  case Tok::LBrace: return "'{'";
  case Tok::RBrace: return "'}'";
  case Tok::Comma: return "','";
  case Tok::Colon: return "':'";
  case Tok::Pipe: return "'|'";
  case Tok::At: return "'@'";
  case Tok::Plus: return "'+'";
  case Tok::Minus: return "'-'";
  case Tok::Star: return "'*'";
  case Tok::DotDot: return "'..'";
  case Tok::Assign: return "'='";
  case Tok::EqEq: return "'=='";
  case Tok::Lt: return "'<'";
  case Tok::Le: return "'<='";
  case Tok::Gt: return "'>'";
  case Tok::Ge: return "'>='";
  case Tok::Arrow: return "'->'";
  }
  return "token";
}

Token Lexer::make(Tok K, const char *Start) const {
  Token T;
  T.Kind = K;
  T.Text = llvm::StringRef(Start, Cur - Start);
  return T;
}

void Lexer::skipSpaceAndComments() {
  while (Cur != Buf.end()) {
    if (std::isspace(static_cast<unsigned char>(*Cur))) {
      ++Cur;
    } else if (*Cur == '#') {
      while (Cur != Buf.end() && *Cur != '\n')
        ++Cur;
    } else {
      break;
    }
  }
}

bool Lexer::atLineStart(const Token &T) const {
  const char *P = T.Text.data();
  while (P != Buf.begin()) {
    --P;
    if (*P == '\n')
      return true;
    if (*P != ' ' && *P != '\t' && *P != '\r')
      return false;
  }
  return true;
}

Token Lexer::next() {
  skipSpaceAndComments();
  const char *Start = Cur;
  if (Cur == Buf.end())
    return make(Tok::Eof, Start);

  char C = *Cur;
  if (std::isalpha(static_cast<unsigned char>(C)) || C == '_') {
    while (Cur != Buf.end() &&
           (std::isalnum(static_cast<unsigned char>(*Cur)) || *Cur == '_'))
      ++Cur;
    Token T = make(Tok::Ident, Start);
    T.Kind = llvm::StringSwitch<Tok>(T.Text)
                 .Case("recurrence", Tok::KwRecurrence)
                 .Case("param", Tok::KwParam)
                 .Case("input", Tok::KwInput)
                 .Case("let", Tok::KwLet)
                 .Case("const", Tok::KwConst)
                 .Case("score", Tok::KwScore)
                 .Case("table", Tok::KwTable)
                 .Case("over", Tok::KwOver)
                 .Case("output", Tok::KwOutput)
                 .Case("schedule", Tok::KwSchedule)
                 .Case("in", Tok::KwIn)
                 .Case("else", Tok::KwElse)
                 .Case("default", Tok::KwDefault)
                 .Case("inf", Tok::KwInf)
                 .Case("max", Tok::KwMax)
                 .Case("min", Tok::KwMin)
                 .Case("sum", Tok::KwSum)
                 .Default(Tok::Ident);
    return T;
  }

  if (std::isdigit(static_cast<unsigned char>(C))) {
    while (Cur != Buf.end() && std::isdigit(static_cast<unsigned char>(*Cur)))
      ++Cur;
    // A '.' followed by a digit makes a decimal literal; `1..3` stays a range.
    bool IsFloat = false;
    if (Cur + 1 < Buf.end() && *Cur == '.' &&
        std::isdigit(static_cast<unsigned char>(Cur[1]))) {
      IsFloat = true;
      ++Cur;
      while (Cur != Buf.end() &&
             std::isdigit(static_cast<unsigned char>(*Cur)))
        ++Cur;
    }
    // An exponent: `1e200`, `2.5e-3`, `1E+5` (an `e` not followed by digits
    // is left alone).
    if (Cur != Buf.end() && (*Cur == 'e' || *Cur == 'E')) {
      const char *P = Cur + 1;
      if (P != Buf.end() && (*P == '+' || *P == '-'))
        ++P;
      if (P != Buf.end() && std::isdigit(static_cast<unsigned char>(*P))) {
        IsFloat = true;
        Cur = P;
        while (Cur != Buf.end() &&
               std::isdigit(static_cast<unsigned char>(*Cur)))
          ++Cur;
      }
    }
    Token T = make(IsFloat ? Tok::FloatLit : Tok::IntLit, Start);
    std::string S = T.Text.str();
    errno = 0;
    if (IsFloat) {
      T.FloatValue = std::strtod(S.c_str(), nullptr);
      // Out of double's range: too large (strtod gives inf), or so small
      // that it rounds to 0 although a digit is not 0 (subnormals are kept).
      bool Zero = S.find_first_of("123456789") == std::string::npos ||
                  S.find_first_of("123456789") > S.find_first_of("eE");
      if (std::isinf(T.FloatValue) || (T.FloatValue == 0 && !Zero)) {
        Diags.error(T.range(), "number '" + T.Text +
                                   "' is out of the range of double (about "
                                   "1e-308 to 1.8e308)");
        T.Kind = Tok::Error;
      }
    } else {
      T.IntValue = std::strtoll(S.c_str(), nullptr, 10);
      if (errno == ERANGE) {
        Diags.error(T.range(), "integer literal '" + T.Text +
                                   "' does not fit in 64 bits");
        T.Kind = Tok::Error;
      }
    }
    return T;
  }

  ++Cur;
  auto Two = [&](char Next, Tok IfTwo, Tok IfOne) {
    if (Cur != Buf.end() && *Cur == Next) {
      ++Cur;
      return make(IfTwo, Start);
    }
    return make(IfOne, Start);
  };
  switch (C) {
  case '[': return make(Tok::LBracket, Start);
  case ']': return make(Tok::RBracket, Start);
  case '(': return make(Tok::LParen, Start);
  case ')': return make(Tok::RParen, Start);
  case '{': return make(Tok::LBrace, Start);
  case '}': return make(Tok::RBrace, Start);
  case ',': return make(Tok::Comma, Start);
  case ':': return make(Tok::Colon, Start);
  case '|': return make(Tok::Pipe, Start);
  case '@': return make(Tok::At, Start);
  case '+': return make(Tok::Plus, Start);
  case '*': return make(Tok::Star, Start);
  case '-': return Two('>', Tok::Arrow, Tok::Minus);
  case '=': return Two('=', Tok::EqEq, Tok::Assign);
  case '<': return Two('=', Tok::Le, Tok::Lt);
  case '>': return Two('=', Tok::Ge, Tok::Gt);
  case '.':
    if (Cur != Buf.end() && *Cur == '.') {
      ++Cur;
      return make(Tok::DotDot, Start);
    }
    break;
  default:
    break;
  }
  Token T = make(Tok::Error, Start);
  Diags.error(T.range(), llvm::Twine("unexpected character '") +
                             llvm::StringRef(Start, 1) + "'");
  return T;
}
