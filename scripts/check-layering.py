#!/usr/bin/env python3
"""The layering check (CI runs it before the tests): every import of one of this package's modules in
Sources/ must be a dependency that Package.swift declares for the importing target — the graph in
Package.swift's header is the set of allowed imports, and this makes an import outside it fail the build.

Reads the graph from `swift package dump-package` (or a saved dump given as the first argument) and each
target's Swift files' `import` lines (`import X`, `public import X`, `internal import X`, `@_exported
import X`, `import struct X.Y`, inside `#if` too). System and external modules (Foundation, Glibc, GRDB,
Hummingbird, …) are not this package's and are not checked here; the compiler checks that they resolve.
Prints each violation as `Sources/T/F.swift:LINE: T imports M, which Package.swift does not give it` and
exits 1 if there is any."""
import json, os, re, subprocess, sys

root = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
if len(sys.argv) > 1:
    package = json.load(open(sys.argv[1]))
else:
    package = json.loads(subprocess.run(["swift", "package", "dump-package"], cwd=root, check=True,
                                        capture_output=True, text=True).stdout)

ours = {t["name"] for t in package["targets"] if t["type"] != "plugin"}
allowed = {}
for target in package["targets"]:
    names = set()
    for dependency in target.get("dependencies", []):
        for kind in ("byName", "target"):
            if kind in dependency:
                names.add(dependency[kind][0])
    allowed[target["name"]] = names

pattern = re.compile(r"^\s*(?:@_exported\s+|@testable\s+)?(?:public\s+|internal\s+|package\s+|private\s+|fileprivate\s+)?import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?([A-Za-z_][A-Za-z0-9_]*)")
violations = []
checked = 0
for target in package["targets"]:
    name = target["name"]
    if target["type"] not in ("regular", "executable"):
        continue
    folder = os.path.join(root, target.get("path") or os.path.join("Sources", name))
    for directory, _, files in os.walk(folder):
        for file in sorted(files):
            if not file.endswith(".swift"):
                continue
            path = os.path.join(directory, file)
            for number, line in enumerate(open(path, encoding="utf-8"), 1):
                match = pattern.match(line)
                if not match:
                    continue
                module = match.group(1)
                checked += 1
                if module in ours and module != name and module not in allowed[name]:
                    violations.append(f"{os.path.relpath(path, root)}:{number}: {name} imports {module}, which Package.swift does not give it")

for violation in violations:
    print(violation)
print(f"layering: {checked} imports in {len([t for t in package['targets'] if t['type'] in ('regular', 'executable')])} targets checked, {len(violations)} outside Package.swift's graph")
sys.exit(1 if violations else 0)
