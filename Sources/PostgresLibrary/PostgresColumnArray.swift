public import PhotoLibrary
import PostgresNIO

/// One column of a batch of rows as a PostgreSQL array bind, NULL elements kept (postgres-nio's arrays
/// have none): `unnest($1::bytea[], $2::text[], …)` turns columns back into rows, so a batch of any size
/// is one short statement that PostgreSQL parses once, not 26 parameters a row.
struct PostgresColumnArray: PostgresDynamicTypeEncodable {
    /// What the column holds.
    let kind: SQLValue.Kind
    /// The column's values, one per row; each a NULL or of `kind`.
    let values: [SQLValue]

    /// A column of `kind` holding `values`.
    init(_ kind: SQLValue.Kind, _ values: [SQLValue]) {
        (self.kind, self.values) = (kind, values)
    }

    /// PostgreSQL's name of the element type, as a cast names it (`$1::bytea[]`).
    var elementTypeName: String {
        switch kind {
        case .blob: "bytea"
        case .text: "text"
        case .integer: "bigint"
        case .real: "float8"
        }
    }

    private var elementType: PostgresDataType {
        switch kind {
        case .blob: .bytea
        case .text: .text
        case .integer: .int8
        case .real: .float8
        }
    }

    var psqlType: PostgresDataType {
        switch kind {
        case .blob: .byteaArray
        case .text: .textArray
        case .integer: .int8Array
        case .real: .float8Array
        }
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
