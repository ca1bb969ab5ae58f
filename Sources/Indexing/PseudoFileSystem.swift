import PhotoLibrary
import CSQLiteShims

/// The file systems that hold the kernel's state rather than files (proc, sysfs, cgroup, debugfs, …): the
/// walk does not go into a folder where one is mounted (`photogrid index /` would spend seconds in /proc
/// and /sys, reading nothing but counters), and counts it as skipped (`SkippedKind.pseudo`). Told by
/// `fstatfs`'s `f_type` (`pgfs_type`, CSQLiteShims), the magic numbers of linux/magic.h.
enum PseudoFileSystem {
    /// linux/magic.h's number for each, by name.
    static let magicNumbers: [Int: String] = [
        0x9fa0: "proc", 0x6265_6572: "sysfs", 0x1cd1: "devpts", 0x0027_e0eb: "cgroup", 0x6367_7270: "cgroup2",
        0x6462_6720: "debugfs", 0x7472_6163: "tracefs", 0x7363_6673: "securityfs", 0x6165_676c: "pstore",
        0xcafe_4a11: "bpf", 0x6265_6570: "configfs", 0x6573_5543: "fusectl", 0x1980_0202: "mqueue",
        0x9584_58f6: "hugetlbfs", 0x0187: "autofs", 0x4249_4e4d: "binfmt_misc", 0xde5e_81e4: "efivarfs",
        0xf97c_ff8c: "selinuxfs", 0x4341_5d53: "smackfs", 0x6e73_6673: "nsfs", 0x0765_5821: "resctrl",
        0x6759_6969: "rpc_pipefs", 0x6e66_7364: "nfsd", 0x9fa2: "usbdevfs", 0x9fa1: "openpromfs",
        0xabba_1974: "xenfs",
    ]

    /// The name of the pseudo file system the folder open as `descriptor` is on, or nil (a file system of
    /// files, or `fstatfs` failed).
    static func name(ofFolder descriptor: Int32) -> String? {
        magicNumbers[Int(pgfs_type(descriptor))]
    }
}
