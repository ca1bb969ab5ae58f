import PhotoLibrary
import GRDB

extension Statement {
    /// The position of the column named `name` in this statement's rows: looked up once by name, then
    /// used for every row of a long loop (a lookup by name per row and column lowercases a string).
    func position(of name: String) throws(LibraryError) -> Int {
        guard let index = index(ofColumn: name) else {
            throw .database(operation: "reading a row", message: "no column \(name) in \(sql)")
        }
        return index
    }
}
