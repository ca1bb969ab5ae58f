public import PhotoLibrary
import PostgresNIO

/// One column of a batch of rows as a PostgreSQL array bind, NULL elements kept (postgres-nio's arrays
/// have none): `unnest($1::bytea[], $2::text[], …)` turns columns back into rows, so a batch of any size
/// is one short statement that PostgreSQL parses once, not 26 parameters a row.
struct PostgresColumnArray: PostgresDynamicTypeEncodable {
    /// The element type, by its SQL name: `bytea`, `text`, `bigint` or `float8`.
    let elementType: PostgresDataType
    let arrayType: PostgresDataType
    /// The column's values, one per row; each a NULL or of `elementType`.
    let values: [SQLValue]

    /// The column `type` (`bytea`, `text`, `bigint`, `float8`) of `values`; nil for another type.
    init?(_ type: String, _ values: [SQLValue]) {
        switch type {
        case "bytea": (elementType, arrayType) = (.bytea, .byteaArray)
        case "text": (elementType, arrayType) = (.text, .textArray)
        case "bigint": (elementType, arrayType) = (.int8, .int8Array)
        case "float8": (elementType, arrayType) = (.float8, .float8Array)
        default: return nil
        }
        self.values = values
    }

    var psqlType: PostgresDataType { arrayType }
    var psqlFormat: PostgresFormat { .binary }

    /// PostgreSQL's binary array (`array_recv`): dimensions, a has-NULLs flag, the element type, each
    /// dimension's length and lower bound, then each element as a length (-1: NULL) and its bytes.
    func encode<JSONEncoder: PostgresJSONEncoder>(into buffer: inout ByteBuffer, context: PostgresEncodingContext<JSONEncoder>) {
        buffer.writeInteger(values.isEmpty ? 0 : 1, as: Int32.self)
        buffer.writeInteger(values.contains(.null) ? 1 : 0, as: Int32.self)
        buffer.writeInteger(elementType.rawValue)
        guard !values.isEmpty else { return }
        buffer.writeInteger(Int32(values.count))
        buffer.writeInteger(1, as: Int32.self)
        for value in values {
            switch value {
            case .null:
                buffer.writeInteger(-1, as: Int32.self)
            case .integer(let number):
                buffer.writeInteger(8, as: Int32.self)
                buffer.writeInteger(number)
            case .real(let number):
                buffer.writeInteger(8, as: Int32.self)
                buffer.writeInteger(number.bitPattern)
            case .text(let text):
                buffer.writeInteger(Int32(text.utf8.count))
                buffer.writeString(text)
            case .blob(let data):
                buffer.writeInteger(Int32(data.count))
                buffer.writeBytes(data)
            }
        }
    }
}
