#!/usr/bin/env python3
"""Runs the examples of a markdown page, so that the page and what dpc does
cannot drift apart.

In the page:
  ```LANG file=NAME      the block's text is written to NAME (in the work
                         folder) before the commands after it run
  ```console test        `$ COMMAND` lines, each followed by the output it
                         must print (stdout and stderr together); a line
                         `...` stands for any number of lines, `...` inside
                         a line for any text; a last line `[exit status N]`
                         expects status N (otherwise 0)
Other blocks (```console gpu, ```sh, ...) are not run.

usage: doctest.py --dpc DPC --work DIR PAGE.md
Commands run with bash in DIR, with DPC's folder first on PATH and
XDG_CACHE_HOME=DIR/cache (`dpc run` starts with an empty cache)."""
import argparse
import os
import re
import subprocess
import sys

ap = argparse.ArgumentParser()
ap.add_argument("--dpc", required=True)
ap.add_argument("--work", required=True)
ap.add_argument("page")
a = ap.parse_args()

env = dict(os.environ)
env["PATH"] = os.path.dirname(os.path.abspath(a.dpc)) + os.pathsep + env.get("PATH", "")
env["XDG_CACHE_HOME"] = os.path.join(a.work, "cache")
os.makedirs(a.work, exist_ok=True)

lines = open(a.page).read().split("\n")
blocks = []  # (kind, info, first line number, body lines)
i = 0
while i < len(lines):
    m = re.match(r"^```(\S*)\s*(.*)$", lines[i])
    if not m:
        i += 1
        continue
    start = i + 1
    j = start
    while j < len(lines) and lines[j].rstrip() != "```":
        j += 1
    blocks.append((m.group(1), m.group(2).split(), start + 1, lines[start:j]))
    i = j + 1


def pattern(expected):
    """A regex for the expected output lines."""
    p = ""
    for e in expected:
        if e == "...":
            p += r"(?:[^\n]*\n)*?"
        else:
            p += r"[^\n]*?".join(re.escape(x) for x in e.split("...")) + r"\n"
    return p


failures = 0
commands = files = 0
for lang, info, lineno, body in blocks:
    files_here = [x[5:] for x in info if x.startswith("file=")]
    if files_here:
        with open(os.path.join(a.work, files_here[0]), "w") as f:
            f.write("\n".join(body) + "\n")
        files += 1
        continue
    if lang != "console" or "test" not in info:
        continue
    # Commands and their expected output.
    cmds = []
    for k, l in enumerate(body):
        if l.startswith("$ "):
            cmds.append([l[2:], lineno + k, []])
        elif cmds:
            cmds[-1][2].append(l.rstrip())
        elif l.strip():
            print("%s:%d: output before any command" % (a.page, lineno + k))
            failures += 1
    for cmd, at, expected in cmds:
        commands += 1
        status = 0
        while expected and expected[-1] == "":
            expected.pop()
        if expected and re.match(r"^\[exit status \d+\]$", expected[-1]):
            status = int(expected.pop()[13:-1])
        r = subprocess.run(["bash", "-c", cmd], cwd=a.work, env=env,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           text=True)
        got = "".join(l.rstrip() + "\n" for l in r.stdout.rstrip("\n").split("\n")) \
            if r.stdout.strip() else ""
        if r.returncode != status or not re.fullmatch(pattern(expected), got):
            failures += 1
            print("%s:%d: `%s` (exit status %d, expected %d) printed:\n%s"
                  "expected:\n%s\n" % (a.page, at, cmd, r.returncode, status,
                                       got, "\n".join(expected)))

if commands == 0:
    print("%s: no ```console test block: nothing checked" % a.page)
    sys.exit(1)
print("%s: %d commands and %d files checked, %d failed"
      % (os.path.basename(a.page), commands, files, failures))
sys.exit(1 if failures else 0)
