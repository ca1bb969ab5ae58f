import PhotoLibrary
import PostgresNIO

/// One column of a batch of rows as a PostgreSQL array bind, NULL elements kept (postgres-nio's arrays
/// have none): `unnest($1::bytea[], $2::text[], …)` turns columns back into rows, so a batch of any size
/// is one short statement that PostgreSQL parses once, not 26 parameters a row.
struct PostgresColumnArray: PostgresDynamicTypeEncodable {
    /// The element type's name as a cast spells it (`$1::bytea[]`), the element type and the array type.
    let elementTypeName: String, elementType: PostgresDataType, psqlType: PostgresDataType
    /// The column's values, one per row; each a NULL or of the kind the column was made for.
    let values: [SQLValue]

    /// A column of `kind` holding `values`.
    init(_ kind: SQLValue.Kind, _ values: [SQLValue]) {
        switch kind {
        case .blob: (elementTypeName, elementType, psqlType) = ("bytea", .bytea, .byteaArray)
        case .text: (elementTypeName, elementType, psqlType) = ("text", .text, .textArray)
        case .integer: (elementTypeName, elementType, psqlType) = ("bigint", .int8, .int8Array)
        case .real: (elementTypeName, elementType, psqlType) = ("float8", .float8, .float8Array)
        }
        self.values = values
    }

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
