#!/usr/bin/env python3
"""outer.py — a corpus file's annotations moved to the outermost loops.

Reads a C file of tests/corpus/ (hand-placed `#pragma nu` lines on inner
loops) and prints it with every `#pragma nu` line removed and one bare
`#pragma nu work` on each outermost `for` of a function body that holds an
annotated loop: the placement PPCG is given (the whole region), where nucc
must decide itself what stays on the host.  The clauses that are facts
(`size(...)`, `independent`, `reduce(...)`) of the pragmas inside move to
that `work`; the choices (sizes, transformations) go.
Used by tests/corpus/run_outer.sh.
    outer.py IN.c > OUT.c
"""
import re
import sys

FACTS = re.compile(r"\b(size|reduce)\s*\([^)]*\)|\bindependent\b")


def blank_comments_strings(text):
    """The text with comments, strings and preprocessor lines made spaces
    (offsets kept), so that braces and keywords are found in code only."""
    out = list(text)
    i, n = 0, len(text)
    line_start = True
    while i < n:
        c = text[i]
        if line_start and text[i:].lstrip(" \t").startswith("#"):
            j = text.find("\n", i)
            j = n if j < 0 else j
            while j > 0 and text[j - 1] == "\\" and j < n:  # continued line
                j = text.find("\n", j + 1)
                j = n if j < 0 else j
            for k in range(i, j):
                out[k] = " "
            i = j
            continue
        line_start = c == "\n" or (line_start and c in " \t")
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            j += 1
        else:
            i += 1
            continue
        for k in range(i, min(j, n)):
            if out[k] != "\n":
                out[k] = " "
        i = j
    return "".join(out)


def skip_ws(code, i):
    while i < len(code) and code[i].isspace():
        i += 1
    return i


def match(code, i, op, cl):
    """The offset after the bracket that closes the one at i."""
    depth = 0
    while i < len(code):
        if code[i] == op:
            depth += 1
        elif code[i] == cl:
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return len(code)


def word_at(code, i, w):
    return (code.startswith(w, i) and (i + len(w) >= len(code) or
                                       not (code[i + len(w)].isalnum() or code[i + len(w)] == "_")))


def stmt_end(code, i):
    """The offset after the statement that starts at i (after blanks)."""
    i = skip_ws(code, i)
    if code[i] == "{":
        return match(code, i, "{", "}")
    for kw in ("for", "while", "switch"):
        if word_at(code, i, kw):
            p = skip_ws(code, i + len(kw))
            return stmt_end(code, match(code, p, "(", ")"))
    if word_at(code, i, "if"):
        p = skip_ws(code, i + 2)
        e = stmt_end(code, match(code, p, "(", ")"))
        q = skip_ws(code, e)
        if word_at(code, q, "else"):
            return stmt_end(code, q + 4)
        return e
    if word_at(code, i, "do"):
        e = stmt_end(code, i + 2)
        q = skip_ws(code, e)  # while (...);
        q = match(code, skip_ws(code, q + 5), "(", ")")
        return code.index(";", q) + 1
    depth = 0
    while i < len(code):
        if code[i] in "([{":
            depth += 1
        elif code[i] in ")]}":
            depth -= 1
        elif code[i] == ";" and depth == 0:
            return i + 1
        i += 1
    return i


def functions(code):
    """The (begin, end) of each function body: a `{` at file level after `)`."""
    out, depth, i = [], 0, 0
    while i < len(code):
        c = code[i]
        if c == "{" and depth == 0:
            j = i - 1
            while j >= 0 and code[j].isspace():
                j -= 1
            if j >= 0 and code[j] == ")":
                e = match(code, i, "{", "}")
                out.append((i, e))
                i = e
                continue
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
        i += 1
    return out


def outermost_fors(code, b, e):
    """The `for` statements of code[b:e] that no other `for` there holds."""
    out, i = [], b
    while i < e:
        if word_at(code, i, "for") and (i == 0 or not (code[i - 1].isalnum() or code[i - 1] == "_")):
            end = stmt_end(code, i)
            out.append((i, end))
            i = end
        else:
            i += 1
    return out


def main():
    text = open(sys.argv[1]).read()
    code = blank_comments_strings(text)
    pragmas = [m for m in re.finditer(r"^[ \t]*#[ \t]*pragma[ \t]+nu\b.*\n", text, re.M)]
    # each pragma belongs to the outermost `for` of its function that holds
    # the loop it annotates (the next `for` after it)
    targets = {}
    for f in functions(code):
        for loop in outermost_fors(code, f[0] + 1, f[1] - 1):
            # a pragma right above the loop (no code between) is inside too
            mine = []
            for p in pragmas:
                if loop[0] <= p.start() < loop[1]:
                    mine.append(p)
                elif p.start() < loop[0] and code[p.end():loop[0]].strip() == "":
                    mine.append(p)
            if mine:
                facts = []
                for p in mine:
                    for m in FACTS.finditer(p.group(0)):
                        if m.group(0) not in facts:
                            facts.append(m.group(0))
                targets[loop[0]] = facts
    out, last = [], 0
    inserts = sorted(targets.items())
    cuts = sorted((p.start(), p.end()) for p in pragmas)
    events = sorted([(b, 1, e) for b, e in cuts] + [(at, 0, facts) for at, facts in inserts],
                    key=lambda x: (x[0], x[1]))
    for at, kind, data in events:
        if kind == 1:  # a pragma line: dropped
            out.append(text[last:at])
            last = data
        else:  # the outermost loop: a bare work above its line
            ls = text.rfind("\n", 0, at) + 1
            if ls < last:
                ls = last
            out.append(text[last:ls])
            indent = re.match(r"[ \t]*", text[ls:]).group(0)
            out.append("%s#pragma nu work%s\n" % (indent, "".join(" " + f for f in data)))
            last = ls
    out.append(text[last:])
    sys.stdout.write("".join(out))


if __name__ == "__main__":
    main()
