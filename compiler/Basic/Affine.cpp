//===- Affine.cpp ---------------------------------------------------------===//
#include "Basic/Affine.h"

using namespace dpc;

Affine Affine::operator+(const Affine &O) const {
  Affine R = *this;
  R.Const += O.Const;
  for (auto &[V, C] : O.Coeffs) {
    int64_t N = (R.Coeffs[V] += C);
    if (N == 0)
      R.Coeffs.erase(V);
  }
  return R;
}

Affine Affine::operator-(const Affine &O) const { return *this + O * -1; }

Affine Affine::operator*(int64_t S) const {
  Affine R;
  if (S == 0)
    return R;
  R.Const = Const * S;
  for (auto &[V, C] : Coeffs)
    R.Coeffs[V] = C * S;
  return R;
}

Affine Affine::renamed(const std::map<std::string, std::string> &Ren) const {
  Affine R;
  R.Const = Const;
  for (auto &[V, C] : Coeffs) {
    auto It = Ren.find(V);
    R = R + Affine::var(It == Ren.end() ? V : It->second, C);
  }
  return R;
}

Affine Affine::substituted(const std::map<std::string, Affine> &S) const {
  Affine R = Affine::constant(Const);
  for (auto &[V, C] : Coeffs) {
    auto It = S.find(V);
    R = R + (It == S.end() ? Affine::var(V, C) : It->second * C);
  }
  return R;
}

std::string Affine::str() const {
  std::string S;
  for (auto &[V, C] : Coeffs) {
    int64_t A = C < 0 ? -C : C;
    if (S.empty())
      S += C < 0 ? "-" : "";
    else
      S += C < 0 ? " - " : " + ";
    if (A != 1)
      S += std::to_string(A) + "*";
    S += V;
  }
  if (S.empty())
    return std::to_string(Const);
  if (Const > 0)
    S += " + " + std::to_string(Const);
  else if (Const < 0)
    S += " - " + std::to_string(-Const);
  return S;
}

int64_t
Affine::eval(const std::function<int64_t(const std::string &)> &Env) const {
  int64_t R = Const;
  for (auto &[V, C] : Coeffs)
    R += C * Env(V);
  return R;
}

std::string Rational::str() const {
  return Den == 1 ? std::to_string(Num)
                  : std::to_string(Num) + "/" + std::to_string(Den);
}

std::string ParamBound::str() const {
  std::string S;
  auto Term = [&](Rational R, const std::string &Name) {
    if (R.Num == 0)
      return;
    bool Neg = R.Num < 0;
    Rational A{Neg ? -R.Num : R.Num, R.Den};
    S += S.empty() ? (Neg ? "-" : "") : (Neg ? " - " : " + ");
    if (Name.empty())
      S += A.str();
    else
      S += (A.Num == 1 && A.Den == 1 ? "" : A.str() + "*") + Name;
  };
  for (auto &[N, R] : Coeffs)
    Term(R, N);
  Term(Const, "");
  return S.empty() ? "0" : S;
}
