#!/usr/bin/env python3
"""The layering check (CI runs it before the tests): a policy over every Swift target, tests included.

1. An import of one of this package's modules must be a dependency Package.swift declares for the
   importing target (the graph in Package.swift's header).
2. An import of an external module must be a product Package.swift declares for the target (or a module
   that product brings, `PROVIDED`), and the policy below must allow that module in that target: GRDB
   only in the store, PostgresNIO and its TLS only there, Hummingbird and the HTTP types only in the
   server, ArgumentParser only in the command line. System modules (`SYSTEM`) need no declaration.
3. Every dependency a target declares is imported by at least one of its Swift files (an unused one is
   a link and a build step for nothing).

Reads the graph from `swift package dump-package` (or a saved dump given as the first argument) and each
target's Swift files' `import` lines (`import X`, `public import X`, `@testable import X`, `import
struct X.Y`, inside `#if` too). Prints each violation as `PATH:LINE: …` (or `Package.swift: …`) and exits
1 if there is any."""
import json, os, re, subprocess, sys

# Which targets may import each external module (a test target may import what its subject may).
EXTERNAL = {
    "GRDB": {"SQLiteLibrary", "PhotoLibraryTests"},
    "GRDBSQLite": {"SQLiteLibrary"},
    "SQLite3": {"SQLiteLibrary"},
    "PostgresNIO": {"PostgresLibrary"},
    "_ConnectionPoolModule": {"PostgresLibrary"},
    "NIOSSL": {"PostgresLibrary"},
    "NIOCore": {"SQLiteLibrary", "PostgresLibrary", "PhotoGridServer", "PhotoGridServerTests"},
    "NIOPosix": {"SQLiteLibrary", "PostgresLibrary", "PhotoGridServer"},
    "NIOEmbedded": {"PhotoGridServerTests"},
    "Logging": {"PostgresLibrary", "PhotoGridServer", "photogrid", "PhotoGridServerTests"},
    "Hummingbird": {"PhotoGridServer", "PhotoGridServerTests"},
    "HummingbirdCore": {"PhotoGridServer", "PhotoGridServerTests"},
    "HTTPTypes": {"PhotoGridServer", "PhotoGridServerTests"},
    "NIOHTTP1": {"PhotoGridServer", "PhotoGridServerTests"},
    "NIOHTTPTypesHTTP1": {"PhotoGridServer"},
    "ServiceLifecycle": {"PhotoGridServer"},
    "UnixSignals": {"PhotoGridServer", "photogrid"},
    "ArgumentParser": {"photogrid"},
}
# Modules a declared product brings besides its own (importable when the product is declared).
PROVIDED = {"GRDBSQLite": "GRDB", "SQLite3": "GRDB", "NIOSSL": "PostgresNIO"}
# The toolchain's and the system's modules.
SYSTEM = {"Foundation", "FoundationEssentials", "Glibc", "Musl", "Darwin", "os", "Dispatch", "Synchronization",
          "_Concurrency", "Testing", "XCTest"}

root = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
if len(sys.argv) > 1:
    package = json.load(open(sys.argv[1]))
else:
    package = json.loads(subprocess.run(["swift", "package", "dump-package"], cwd=root, check=True,
                                        capture_output=True, text=True).stdout)

ours = {t["name"] for t in package["targets"] if t["type"] != "plugin"}
declared, products = {}, {}
for target in package["targets"]:
    declared[target["name"]] = set()
    products[target["name"]] = set()
    for dependency in target.get("dependencies", []):
        for kind in ("byName", "target"):
            if kind in dependency:
                declared[target["name"]].add(dependency[kind][0])
        if "product" in dependency:
            products[target["name"]].add(dependency["product"][0])

# A whole import line: a string literal holding a script (`import sqlite3, sys`) is not one.
pattern = re.compile(r"^\s*(?:@_exported\s+|@testable\s+)?(?:public\s+|internal\s+|package\s+|private\s+|fileprivate\s+)?"
                     r"import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?([A-Za-z_][A-Za-z0-9_]*)[A-Za-z0-9_.]*\s*(?://.*)?$")
violations = []
checked = 0
swift_targets = [t for t in package["targets"] if t["type"] in ("regular", "executable", "test")]
for target in swift_targets:
    name = target["name"]
    default = os.path.join("Tests" if target["type"] == "test" else "Sources", name)
    folder = os.path.join(root, target.get("path") or default)
    imported, swift_files = set(), 0
    for directory, _, files in os.walk(folder):
        for file in sorted(files):
            if not file.endswith(".swift"):
                continue
            swift_files += 1
            path = os.path.join(directory, file)
            shown = os.path.relpath(path, root)
            for number, line in enumerate(open(path, encoding="utf-8"), 1):
                match = pattern.match(line)
                if not match:
                    continue
                module = match.group(1)
                checked += 1
                imported.add(module)
                if module == name or module in SYSTEM:
                    continue
                if module in ours:
                    if module not in declared[name]:
                        violations.append(f"{shown}:{number}: {name} imports {module}, which Package.swift does not give it")
                    continue
                product = PROVIDED.get(module, module)
                subject = name[:-5] if name.endswith("Tests") else name
                if product not in products[name]:
                    violations.append(f"{shown}:{number}: {name} imports {module}, an external module Package.swift does not declare for it")
                elif name not in EXTERNAL.get(module, set()) and subject not in EXTERNAL.get(module, set()):
                    violations.append(f"{shown}:{number}: {name} imports {module}, which the layering policy does not allow there "
                                      f"(allowed in: {', '.join(sorted(EXTERNAL.get(module, set()))) or 'no target'})")
    if swift_files == 0:
        continue
    provided = {PROVIDED.get(module, module) for module in imported}
    for dependency in sorted(declared[name] | products[name]):
        if dependency in imported or dependency in provided:
            continue
        if dependency in ours and not any(f.endswith(".swift") for _, _, fs in os.walk(os.path.join(root, next(
                (t.get("path") or os.path.join("Sources", t["name"]) for t in package["targets"] if t["name"] == dependency), ""))) for f in fs):
            continue  # a C target (its header is reached through a shim), or a plugin's tool
        violations.append(f"Package.swift: {name} depends on {dependency}, which none of its Swift files imports")

for violation in violations:
    print(violation)
print(f"layering: {checked} imports in {len(swift_targets)} targets (tests included) checked against Package.swift and the "
      f"policy, {len(violations)} violations")
sys.exit(1 if violations else 0)
