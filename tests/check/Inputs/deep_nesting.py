# Writes a program whose table body nests KIND COUNT levels deep:
#   parens  ((((...C[i, j]...))))       minus  - - - ... C[i, j]
#   sum     C[i, j] + C[i, j] + ...     (a left-nested chain of COUNT operators)
#   product 1 * 1 * ... * C[i, j]
# usage: deep_nesting.py KIND COUNT OUT.dp
import sys

kind, count, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
cell = "C[i + 1, j]"
body = {
    "parens": "(" * count + cell + ")" * count,
    "minus": "- " * count + cell,
    "sum": " + ".join([cell] * (count + 1)),
    "product": " * ".join(["1"] * count + [cell]),
}[kind]
with open(out, "w") as f:
    f.write(f"""recurrence deep
param N
input seq : rna[N]
table C[i, j] : int over 0 <= i <= j + 1 <= N
C[i, j] =
  | j < i + 1 : 0
  | else      : {body}
output C[0, N - 1]
""")
