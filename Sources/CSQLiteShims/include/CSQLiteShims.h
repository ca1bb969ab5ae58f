// The C that the SQLite store needs and Swift cannot express: sqlite3_config() and sqlite3_db_config()
// are variadic, and Swift does not import variadic C functions; fstatfs(2) is in <sys/vfs.h>, which
// Glibc's Swift module leaves out. Seen only by SQLiteLibrary (it alone sees SQLite) and Indexing.
#ifndef CSQLITESHIMS_H
#define CSQLITESHIMS_H

#include <sqlite3.h>

/// sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, NULL): when this connection is the last
/// to close, it leaves the WAL as it is instead of checkpointing it. Returns SQLite's result code.
int pgsqlite_skip_checkpoint_on_close(sqlite3 *db);

/// sqlite3_config(SQLITE_CONFIG_STMTJRNL_SPILL, bytes): statement journals stay in memory up to `bytes`,
/// in pieces of that size, before SQLite writes them to a temporary file. Process-wide; takes effect
/// only before SQLite is initialized (the first connection). Returns SQLite's result code.
int pgsqlite_set_statement_journal_spill(int bytes);

/// The file system type (`f_type`, a magic number of linux/magic.h) of the file open as `descriptor`, from
/// fstatfs(2); 0 when that fails (or off Linux).
unsigned long pgfs_type(int descriptor);

#endif
