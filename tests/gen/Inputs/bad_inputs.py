# Writes the bad inputs of tests/gen/batch.test (issue 16) into DIR:
#   empty.fa    an empty file            blank.fa    only blank lines
#   invalid.fa  every record invalid     crlf.fa     CRLF line endings
#   lf.fa       crlf.fa with LF endings  garbage.fa  binary garbage
#   big.fa      a record of 2,000,000 symbols (its tables need TiBs) and a
#               small one after it
# usage: bad_inputs.py DIR
import os
import random
import sys

d = sys.argv[1]
os.makedirs(d, exist_ok=True)


def put(name, data):
    with open(os.path.join(d, name), "wb") as f:
        f.write(data)


put("empty.fa", b"")
put("blank.fa", b"\n  \n\t\n")
put("invalid.fa", b">a\nXYZ\n>b\n123\n")
put("crlf.fa", b">a\r\nACGU\r\nGGCC\r\n>b\r\nAUGC\r\n")
put("lf.fa", b">a\nACGU\nGGCC\n>b\nAUGC\n")
random.seed(16)
put("garbage.fa", b"\x00\x01" + bytes(random.randrange(256) for _ in range(4000))
    + b"\n>\xff\x1b[31m\nAC\x00GU\n")
random.seed(1)
put("big.fa", b">big\n" + bytes(random.choice(b"ACGU") for _ in range(2000000))
    + b"\n>small\nGGGAAAUCCC\n")
