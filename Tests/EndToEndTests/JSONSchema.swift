import Foundation
import TestSupport

/// A JSON Schema (draft 2020-12) validator for the keywords the documents in `docs/schemas/` use.
///
/// Supported: `type` (one name or a list), `properties`, `required`, `additionalProperties` (a bool
/// or a schema), `items`, `minItems`, `maxItems`, `$ref` to `#/$defs/…`, `const`, `enum`, `minimum`,
/// `maximum`, `exclusiveMinimum`, `exclusiveMaximum`, `pattern`, `minLength`, `if`/`then`/`else`,
/// `oneOf`, `anyOf`, `allOf`, and the annotations (`$schema`, `$id`, `title`, `description`). Any
/// other keyword is reported as a problem, so a schema never relies on something this validator
/// silently skips.
struct JSONSchema {
    /// The schema document, as `JSONSerialization` reads it.
    let root: [String: Any]

    /// Loads `docs/schemas/<kind>.schema.json` from the package.
    init(kind: String) throws {
        let url = Repository.root.appendingPathComponent("docs/schemas/\(kind).schema.json")
        guard let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any] else {
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSFilePathErrorKey: url.path])
        }
        root = object
    }

    /// Wraps an in-memory schema.
    init(_ root: [String: Any]) { self.root = root }

    /// Every way `document` breaks the schema, as `path: problem` lines (empty when it is valid).
    func problems(_ document: Any) -> [String] {
        var found: [String] = []
        check(document, against: root, at: "", into: &found)
        return found
    }

    /// The problems of a document given as JSON bytes (a parse failure is one problem).
    func problems(json data: Data) -> [String] {
        do { return problems(try JSONSerialization.jsonObject(with: data)) } catch { return ["(root): not JSON: \(error)"] }
    }

    private static let annotations: Set<String> = ["$schema", "$id", "title", "description", "$defs"]

    private func check(_ value: Any, against schema: [String: Any], at path: String, into found: inout [String]) {
        let here = path.isEmpty ? "(root)" : path
        for (keyword, argument) in schema {
            switch keyword {
            case _ where Self.annotations.contains(keyword):
                continue
            case "$ref":
                guard let ref = argument as? String, let target = resolve(ref) else {
                    found.append("\(here): unresolvable $ref \(argument)")
                    continue
                }
                check(value, against: target, at: path, into: &found)
            case "type":
                let names = (argument as? [String]) ?? [argument as? String ?? "?"]
                if !names.contains(where: { Self.kind(of: value, is: $0) }) {
                    found.append("\(here): \(Self.describe(value)) is not of type \(names.joined(separator: "|"))")
                }
            case "const":
                if !Self.equal(value, argument) { found.append("\(here): \(Self.describe(value)) is not \(argument)") }
            case "enum":
                if !((argument as? [Any]) ?? []).contains(where: { Self.equal(value, $0) }) {
                    found.append("\(here): \(Self.describe(value)) is not one of \(argument)")
                }
            case "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum":
                guard let number = Self.number(value) else { continue }
                guard let bound = Self.number(argument) else { found.append("\(here): bad \(keyword)"); continue }
                let holds = switch keyword {
                case "minimum": number >= bound
                case "maximum": number <= bound
                case "exclusiveMinimum": number > bound
                default: number < bound
                }
                if !holds { found.append("\(here): \(number) breaks \(keyword) \(bound)") }
            case "pattern":
                guard let string = value as? String, !Self.isBool(value) else { continue }
                if string.range(of: argument as? String ?? "", options: .regularExpression) == nil {
                    found.append("\(here): \"\(string)\" does not match \(argument)")
                }
            case "minLength":
                if let string = value as? String, string.count < (argument as? Int ?? 0) {
                    found.append("\(here): \"\(string)\" is shorter than \(argument)")
                }
            case "properties":
                guard let object = value as? [String: Any], let properties = argument as? [String: [String: Any]] else { continue }
                for (name, sub) in properties.sorted(by: { $0.key < $1.key }) {
                    if let member = object[name] { check(member, against: sub, at: "\(path)/\(name)", into: &found) }
                }
            case "required":
                guard let object = value as? [String: Any] else { continue }
                for name in (argument as? [String]) ?? [] where object[name] == nil {
                    found.append("\(here): missing required \"\(name)\"")
                }
            case "additionalProperties":
                guard let object = value as? [String: Any] else { continue }
                let known = Set(((schema["properties"] as? [String: Any]) ?? [:]).keys)
                for (name, member) in object.sorted(by: { $0.key < $1.key }) where !known.contains(name) {
                    if Self.isBool(argument) {
                        if argument as? Bool == false { found.append("\(here): unexpected property \"\(name)\"") }
                    } else if let sub = argument as? [String: Any] {
                        check(member, against: sub, at: "\(path)/\(name)", into: &found)
                    }
                }
            case "items":
                guard let array = value as? [Any], let sub = argument as? [String: Any] else { continue }
                for (i, element) in array.enumerated() { check(element, against: sub, at: "\(path)/\(i)", into: &found) }
            case "minItems":
                if let array = value as? [Any], array.count < (argument as? Int ?? 0) {
                    found.append("\(here): \(array.count) items, fewer than \(argument)")
                }
            case "maxItems":
                if let array = value as? [Any], array.count > (argument as? Int ?? Int.max) {
                    found.append("\(here): \(array.count) items, more than \(argument)")
                }
            case "if":
                guard let condition = argument as? [String: Any] else { continue }
                var scratch: [String] = []
                check(value, against: condition, at: path, into: &scratch)
                let branch = scratch.isEmpty ? schema["then"] : schema["else"]
                if let sub = branch as? [String: Any] { check(value, against: sub, at: path, into: &found) }
            case "then", "else":
                continue  // applied by "if"
            case "allOf", "anyOf", "oneOf":
                let subs = (argument as? [[String: Any]]) ?? []
                let outcomes = subs.map { sub -> [String] in
                    var scratch: [String] = []
                    check(value, against: sub, at: path, into: &scratch)
                    return scratch
                }
                let passing = outcomes.filter(\.isEmpty).count
                switch keyword {
                case "allOf": found.append(contentsOf: outcomes.joined())
                case "anyOf": if passing == 0 { found.append("\(here): matches none of anyOf (\(outcomes.joined().first ?? ""))") }
                default: if passing != 1 { found.append("\(here): matches \(passing) of oneOf, not exactly 1") }
                }
            default:
                found.append("\(here): keyword \(keyword) is not supported by this validator")
            }
        }
    }

    private func resolve(_ ref: String) -> [String: Any]? {
        guard ref.hasPrefix("#/") else { return nil }
        var node: Any = root
        for part in ref.dropFirst(2).split(separator: "/") {
            guard let object = node as? [String: Any], let next = object[String(part)] else { return nil }
            node = next
        }
        return node as? [String: Any]
    }

    /// `JSONSerialization` on Linux reads `true`/`false` as a boolean `NSNumber`.
    private static func isBool(_ value: Any) -> Bool {
        String(describing: type(of: value)).contains("Boolean") || type(of: value) == Bool.self
    }

    private static func isNumber(_ value: Any) -> Bool { !isBool(value) && (value is Int || value is Double) }

    private static func number(_ value: Any) -> Double? {
        guard isNumber(value) else { return nil }
        return (value as? Double) ?? (value as? Int).map(Double.init)
    }

    private static func kind(of value: Any, is name: String) -> Bool {
        switch name {
        case "null": return value is NSNull
        case "boolean": return isBool(value)
        case "integer": return isNumber(value) && value is Int
        case "number": return isNumber(value)
        case "string": return value is String
        case "array": return value is [Any]
        case "object": return value is [String: Any]
        default: return false
        }
    }

    private static func equal(_ a: Any, _ b: Any) -> Bool {
        if isBool(a) || isBool(b) { return isBool(a) && isBool(b) && (a as? Bool) == (b as? Bool) }
        if let x = number(a), let y = number(b) { return x == y }
        if let x = a as? String, let y = b as? String { return x == y }
        if a is NSNull && b is NSNull { return true }
        return (a as? NSObject)?.isEqual(b) ?? false
    }

    private static func describe(_ value: Any) -> String {
        if value is NSNull { return "null" }
        if isBool(value) { return "boolean" }
        if let s = value as? String { return "\"\(s.prefix(40))\"" }
        if isNumber(value) { return "\(value)" }
        return value is [Any] ? "an array" : value is [String: Any] ? "an object" : "\(type(of: value))"
    }
}
