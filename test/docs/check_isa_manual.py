#!/usr/bin/env python3
"""Checks that docs/isa.md agrees with the ISA TableGen (isa/*.td).

Usage: check_isa_manual.py <repo root> [--doc FILE] [--tblgen EXE]
                           [--llvm-include DIR]

The script runs `llvm-tblgen --dump-json` on isa/Accel.td and compares the
records with the tables of the manual. A table is recognised by the text of
its first header cell; cells are split on unescaped '|' (write a literal pipe
in a cell as '\\|'), and a value in backticks is compared without them.

Instruction tables, header `| Mnemonic | Syntax | Fmt | Group/func | Unit |
Lat | Semantics |` (columns are found by name, so their order may change).
One row per instruction:

  | `add` | `add rd, rs1, rs2` | R | 0/00 | ALU0, ALU1 | 1 | rd = rs1 + rs2 |

  Mnemonic    the first word of the AsmString, in backticks.
  Syntax      the AsmString with '$x' and '${x}' written as 'x', in backticks
              (whitespace is normalised).
  Fmt         the format class the record derives from: FmtR -> R, FmtR4 ->
              R4, FmtR1 -> R1, FmtI -> I, FmtS -> S, FmtJ -> J, FmtN -> N,
              FmtX -> X.
  Group/func  Inst{62-59} as one hex digit, '/', Inst{58-53} as two hex
              digits (upper or lower case): `4/10` is group 4, func 16.
  Unit        the unit list of the itinerary's first stage, comma-separated.
  Lat         the itinerary's first operand cycle; it must be the first
              number in the cell (text may follow).

Every non-pseudo Instruction record in namespace "Accel" needs exactly one
row; a row naming no such instruction is an error too.

The manual's other reference tables are checked the same way:

  `| Itinerary class | Units | Latency | Operand cycles | ... |`
      one row per InstrItinData of AccelItineraries: `IIAlu` | ALU0, ALU1 |
      1 | 1, 0, 0, 0.
  `| Group | Value | ... |`
      one row per opcode-group record (Grp*): `GrpInt` | 0x0.
  `| Parameter | Value | ... |`
      one row per AccelMachineParam: `SpmBase` | 0x100000 (the first token
      of the Value cell, decimal or 0x hex).
  `| Relocation | Value | ... |`
      one row per ELF_RELOC of llvm-target/MCTargetDesc/AccelELFRelocs.def.
  `| Format | A (52–48) | B (47–43) | C (42–38) | D (37–33) | imm32 | ... |`
      one row per format (R, R4, ...; as in the Fmt column): each field
      cell names the operand the format puts there, or is 0. A format's
      field holds an operand if it does in any instruction of the format.
  `| Instruction | Fixed to 0 |`
      the instructions that set a field of their format to 0 (`li` leaves
      B, which FmtI gives rs1, at 0): the first cell lists mnemonics in
      backticks, the second the fields (A, B, C, D, imm32). Every such
      instruction must be listed with exactly its fields.

Each disagreement is printed as `docs/isa.md:LINE: ...` or `docs/isa.md:
...`; the exit status is 1 if there is any, 0 otherwise.
"""

import argparse
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "Inputs"))
from isa_records import dump_records, find_llvm_include, find_tblgen  # noqa: E402

FORMATS = {
    "FmtR": "R", "FmtR4": "R4", "FmtR1": "R1", "FmtI": "I",
    "FmtS": "S", "FmtJ": "J", "FmtN": "N", "FmtX": "X",
}
OPCODE_RE = re.compile(r"^([0-9A-Fa-f])/([0-9A-Fa-f]{2})$")


# --- TableGen ---------------------------------------------------------------

def bits_value(bits, lo, hi, what):
    """Inst{hi-lo} as an integer; bits is indexed by bit number."""
    value = 0
    for i in range(lo, hi + 1):
        b = bits[i]
        if not isinstance(b, int):
            desc = b.get("printable") if isinstance(b, dict) else "unset"
            raise ValueError("%s: Inst{%d} is %s, not a constant bit"
                             % (what, i, desc))
        value |= b << i - lo
    return value


def bits_int(bits):
    """A bits<N> field value (list, index 0 = bit 0) as an integer."""
    return sum(b << i for i, b in enumerate(bits))


FIELDS = (("A", 48, 52), ("B", 43, 47), ("C", 38, 42), ("D", 33, 37),
          ("imm32", 0, 31))


def field_operands(inst):
    """Field name -> operand variable it holds, or None if constant."""
    result = {}
    for field, lo, hi in FIELDS:
        names = {b["var"] for b in inst[lo:hi + 1] if isinstance(b, dict)}
        result[field] = names.pop() if len(names) == 1 else None
    return result


def expected_instructions(records):
    """(mnemonic, group, func) -> attributes, from the Instruction records."""
    itins = expected_itineraries(records)
    result = {}
    errors = []
    for name in records["!instanceof"]["Instruction"]:
        rec = records[name]
        if rec.get("Namespace") != "Accel" or rec.get("isPseudo"):
            continue
        asm = rec["AsmString"]
        mnemonic = asm.split()[0]
        try:
            group = bits_value(rec["Inst"], 59, 62, name)
            func = bits_value(rec["Inst"], 53, 58, name)
        except ValueError as e:
            errors.append(str(e))
            continue
        fmt = next((FORMATS[c] for c in rec["!superclasses"] if c in FORMATS),
                   "?")
        syntax = re.sub(r"\$\{(\w+)\}|\$(\w+)",
                        lambda m: m.group(1) or m.group(2), asm)
        units, cycles = itins.get(rec["Itinerary"]["def"], ("?", ["?"]))
        key = (mnemonic, group, func)
        if key in result:
            errors.append("two records have mnemonic `%s` and group/func "
                          "%X/%02X: %s and %s"
                          % (mnemonic, group, func, result[key]["record"],
                             name))
        result[key] = {
            "record": name, "syntax": normalize(syntax), "fmt": fmt,
            "unit": units, "lat": cycles[0],
            "fields": field_operands(rec["Inst"]),
        }
    return result, errors


def expected_formats(insts):
    """Format -> {field: operand name or "0"}, over all its instructions."""
    result = {}
    for want in insts.values():
        fmt = result.setdefault(want["fmt"], {f[0]: "0" for f in FIELDS})
        for field, operand in want["fields"].items():
            if operand is not None:
                fmt[field] = operand
    return result


def expected_fixed(insts, formats):
    """Mnemonic -> fields its format binds but the instruction sets to 0."""
    result = {}
    for (mnemonic, _, _), want in insts.items():
        bound = formats[want["fmt"]]
        fixed = {f for f, op in want["fields"].items()
                 if op is None and bound[f] != "0"}
        if fixed:
            result[mnemonic] = fixed
    return result


def expected_itineraries(records):
    """Itinerary class -> (unit list, operand cycles)."""
    result = {}
    for ref in records["AccelItineraries"]["IID"]:
        data = records[ref["def"]]
        stage = records[data["Stages"][0]["def"]]
        units = ", ".join(u["def"] for u in stage["Units"])
        result[data["TheClass"]["def"]] = (units, data["OperandCycles"])
    return result


def expected_groups(records):
    return {name: bits_int(rec["V"]) for name, rec in records.items()
            if name.startswith("Grp") and isinstance(rec, dict)
            and isinstance(rec.get("V"), list)}


def expected_params(records):
    return {records[n]["Name"]: records[n]["Value"]
            for n in records["!instanceof"].get("AccelMachineParam", [])}


def expected_relocs(root):
    path = os.path.join(root, "llvm-target", "MCTargetDesc",
                        "AccelELFRelocs.def")
    with open(path) as f:
        text = f.read()
    return {m.group(1): int(m.group(2))
            for m in re.finditer(r"^ELF_RELOC\((\w+),\s*(\d+)\)", text, re.M)}


# --- The manual --------------------------------------------------------------

def normalize(text):
    return " ".join(text.split())


def split_row(line):
    """Cells of a Markdown table row, split on unescaped pipes."""
    body = line.strip()
    if body.startswith("|"):
        body = body[1:]
    if body.endswith("|") and not body.endswith("\\|"):
        body = body[:-1]
    cells = re.split(r"(?<!\\)\|", body)
    return [c.strip().replace("\\|", "|") for c in cells]


def unquote(cell):
    if len(cell) >= 2 and cell.startswith("`") and cell.endswith("`"):
        return cell[1:-1].strip()
    return cell


def parse_tables(path):
    """Yields (header cells, [(line number, cells)]) for each table."""
    with open(path) as f:
        lines = f.read().splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        is_rule = (i + 1 < len(lines) and
                   re.match(r"^\s*\|?\s*:?-{3,}", lines[i + 1]))
        if line.lstrip().startswith("|") and is_rule:
            header = split_row(line)
            rows = []
            i += 2
            while i < len(lines) and lines[i].lstrip().startswith("|"):
                rows.append((i + 1, split_row(lines[i])))
                i += 1
            yield header, rows
        else:
            i += 1


def column(header, name):
    for i, cell in enumerate(header):
        if cell.lower() == name.lower():
            return i
    return None


def parse_int(cell):
    token = unquote(cell).split()[0] if cell.strip() else ""
    try:
        return int(token.replace("_", ""), 0)
    except ValueError:
        return None


class Checker:
    def __init__(self, doc, shown_name):
        self.doc = doc
        self.name = shown_name
        self.errors = []

    def error(self, line, msg):
        where = "%s:%d" % (self.name, line) if line else self.name
        self.errors.append("%s: %s" % (where, msg))

    def check_instructions(self, tables, expected):
        found = {}
        for header, rows in tables:
            cols = {n: column(header, n) for n in
                    ("Mnemonic", "Syntax", "Fmt", "Group/func", "Unit", "Lat")}
            missing = [n for n, c in cols.items() if c is None]
            if missing:
                self.error(rows[0][0] - 2 if rows else 0,
                           "instruction table lacks column(s) %s"
                           % ", ".join(missing))
                continue
            for line, cells in rows:
                if len(cells) <= max(cols.values()):
                    self.error(line, "instruction row has too few cells")
                    continue
                mnemonic = unquote(cells[cols["Mnemonic"]])
                m = OPCODE_RE.match(unquote(cells[cols["Group/func"]]))
                if not m:
                    self.error(line, "`%s`: group/func cell '%s' is not G/FF "
                               "(hex)" % (mnemonic, cells[cols["Group/func"]]))
                    continue
                key = (mnemonic, int(m.group(1), 16), int(m.group(2), 16))
                if key in found:
                    self.error(line, "`%s` %X/%02X is listed twice (first on "
                               "line %d)" % (key[0], key[1], key[2],
                                             found[key]))
                    continue
                found[key] = line
                want = expected.get(key)
                if want is None:
                    same = [k for k in expected if k[0] == mnemonic]
                    if same:
                        self.error(line, "`%s` has group/func %X/%02X in the "
                                   "manual but %X/%02X in the TableGen (%s)"
                                   % (mnemonic, key[1], key[2], same[0][1],
                                      same[0][2], expected[same[0]]["record"]))
                        found[same[0]] = line  # Reported; not also missing.
                    else:
                        self.error(line, "`%s` (%X/%02X) is not an "
                                   "instruction of the TableGen" % key)
                    continue
                self.compare(line, mnemonic, "syntax", want["syntax"],
                             normalize(unquote(cells[cols["Syntax"]])))
                self.compare(line, mnemonic, "format", want["fmt"],
                             unquote(cells[cols["Fmt"]]))
                self.compare(line, mnemonic, "unit", want["unit"],
                             normalize(unquote(cells[cols["Unit"]])))
                self.compare(line, mnemonic, "latency", want["lat"],
                             parse_int(cells[cols["Lat"]]))
        for key, want in sorted(expected.items(), key=lambda kv: kv[0][1:]):
            if key not in found:
                self.error(0, "missing row for instruction `%s` (record %s, "
                           "group/func %X/%02X)"
                           % (key[0], want["record"], key[1], key[2]))

    def compare(self, line, name, what, want, got):
        if want != got:
            self.error(line, "`%s`: %s is '%s' in the manual but '%s' in the "
                       "TableGen" % (name, what, got, want))

    def check_keyed(self, tables, expected, kind, value_col, check_row):
        """Tables whose first column names a record, one row per record."""
        seen = {}
        for header, rows in tables:
            col = column(header, value_col)
            if col is None:
                self.error(rows[0][0] - 2 if rows else 0,
                           "%s table lacks a '%s' column" % (kind, value_col))
                continue
            for line, cells in rows:
                name = unquote(cells[0])
                if name in seen:
                    self.error(line, "%s `%s` is listed twice" % (kind, name))
                    continue
                seen[name] = line
                if name not in expected:
                    self.error(line, "%s `%s` is not in the sources"
                               % (kind, name))
                    continue
                check_row(line, name, header, cells)
        for name in sorted(expected):
            if name not in seen:
                self.error(0, "missing row for %s `%s`" % (kind, name))


def check_fixed(checker, tables, expected):
    seen = {}
    for header, rows in tables:
        col = column(header, "Fixed to 0")
        if col is None:
            checker.error(rows[0][0] - 2 if rows else 0,
                          "fixed-field table lacks a 'Fixed to 0' column")
            continue
        for line, cells in rows:
            got = set(re.findall(r"\b(A|B|C|D|imm32)\b",
                                 cells[col] if col < len(cells) else ""))
            for mnemonic in re.findall(r"`([^`]+)`", cells[0]):
                if mnemonic in seen:
                    checker.error(line, "`%s` is listed twice in the "
                                  "fixed-field table" % mnemonic)
                    continue
                seen[mnemonic] = line
                want = expected.get(mnemonic, set())
                checker.compare(line, mnemonic, "fields fixed to 0",
                                ", ".join(sorted(want)) or "none",
                                ", ".join(sorted(got)) or "none")
    for mnemonic in sorted(expected):
        if mnemonic not in seen:
            checker.error(0, "fixed-field table lacks `%s` (fields %s fixed "
                          "to 0)" % (mnemonic,
                                     ", ".join(sorted(expected[mnemonic]))))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("root", help="repository root (holds isa/ and docs/)")
    ap.add_argument("--doc", help="manual to check (default: docs/isa.md)")
    ap.add_argument("--tblgen", help="llvm-tblgen (default: from PATH)")
    ap.add_argument("--llvm-include", help="directory holding llvm/Target/")
    args = ap.parse_args()

    doc = args.doc or os.path.join(args.root, "docs", "isa.md")
    tblgen = find_tblgen(args.tblgen)
    records = dump_records(args.root, tblgen,
                           find_llvm_include(args.llvm_include, tblgen))

    insts, errors = expected_instructions(records)
    itins = expected_itineraries(records)
    groups = expected_groups(records)
    params = expected_params(records)
    relocs = expected_relocs(args.root)

    shown = os.path.relpath(doc, args.root) if args.doc is None else doc
    checker = Checker(doc, shown)
    checker.errors.extend("isa/*.td: " + e for e in errors)

    by_kind = {}
    for header, rows in parse_tables(doc):
        by_kind.setdefault(header[0].lower(), []).append((header, rows))

    checker.check_instructions(by_kind.get("mnemonic", []), insts)

    def itin_row(line, name, header, cells):
        units, cycles = itins[name]
        ucol = column(header, "Units")
        lcol = column(header, "Latency")
        ccol = column(header, "Operand cycles")
        if None in (ucol, lcol, ccol) or len(cells) <= max(ucol, lcol, ccol):
            checker.error(line, "itinerary row `%s` needs Units, Latency "
                          "and Operand cycles cells" % name)
            return
        checker.compare(line, name, "units", units,
                        normalize(unquote(cells[ucol])))
        checker.compare(line, name, "latency", cycles[0],
                        parse_int(cells[lcol]))
        got = [parse_int(c) for c in unquote(cells[ccol]).split(",")]
        checker.compare(line, name, "operand cycles", cycles, got)

    def value_row(table):
        def check(line, name, header, cells):
            col = column(header, "Value")
            got = parse_int(cells[col]) if col < len(cells) else None
            checker.compare(line, name, "value", table[name], got)
        return check

    checker.check_keyed(by_kind.get("itinerary class", []), itins,
                        "itinerary class", "Units", itin_row)
    checker.check_keyed(by_kind.get("group", []), groups, "group", "Value",
                        value_row(groups))
    checker.check_keyed(by_kind.get("parameter", []), params,
                        "machine parameter", "Value", value_row(params))
    checker.check_keyed(by_kind.get("relocation", []), relocs,
                        "relocation", "Value", value_row(relocs))

    formats = expected_formats(insts)

    def format_row(line, name, header, cells):
        for field, _, _ in FIELDS:
            col = next((i for i, h in enumerate(header)
                        if h.split(" ")[0] == field), None)
            if col is None or col >= len(cells):
                checker.error(line, "format row `%s` has no %s cell"
                              % (name, field))
                continue
            checker.compare(line, "format " + name, "field " + field,
                            formats[name][field], unquote(cells[col]))

    checker.check_keyed(by_kind.get("format", []), formats, "format", "Format",
                        format_row)
    check_fixed(checker, by_kind.get("instruction", []),
                expected_fixed(insts, formats))

    for e in checker.errors:
        print(e)
    if checker.errors:
        print("%d disagreement(s) between %s and the TableGen"
              % (len(checker.errors), shown))
        return 1
    print("%s agrees with the TableGen: %d instructions, %d formats, "
          "%d itinerary classes, %d groups, %d machine parameters, "
          "%d relocations" % (shown, len(insts), len(formats), len(itins),
                              len(groups), len(params), len(relocs)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
