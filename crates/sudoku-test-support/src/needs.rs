//! What a test may need from outside the project, each found or not:
//! [`program`] for a program on the `PATH`, [`shared_set`] for a file of
//! the shared benchmark sets. A test that needs a privilege (root, to make
//! a device node or mount a file system) tries it and says [`Missing`]
//! when that fails.

use std::fmt;
use std::path::{Path, PathBuf};

/// Why a test cannot run here: what is missing and how to get it, as
/// `tmux not found: apt-get install tmux`. The harness reports the test as
/// ignored with this as its reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Missing(String);

impl Missing {
    /// The reason `reason`: what is missing, a colon, and how to get it.
    ///
    /// ```
    /// use sudoku_test_support::Missing;
    /// let missing = Missing::new("mknod failed: device nodes need root");
    /// assert_eq!(missing.to_string(), "mknod failed: device nodes need root");
    /// ```
    pub fn new(reason: impl Into<String>) -> Missing {
        Missing(reason.into())
    }
}

impl fmt::Display for Missing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The need every test meets: for tests of a harness target that need
/// nothing from outside.
pub fn nothing() -> Result<(), Missing> {
    Ok(())
}

/// Whether `name` is a program on the `PATH` (an executable file in one of
/// its folders, as a shell or [`std::process::Command`] would find it);
/// when not, [`Missing`] says which Debian package brings it.
///
/// ```
/// use sudoku_test_support::needs::program;
/// assert!(program("sh", "dash").is_ok());
/// let missing = program("no-such-program-here", "nothing").unwrap_err();
/// assert_eq!(
///     missing.to_string(),
///     "no-such-program-here not found: apt-get install nothing"
/// );
/// ```
pub fn program(name: &str, package: &str) -> Result<(), Missing> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    if std::env::split_paths(&path).any(|dir| is_executable(&dir.join(name))) {
        Ok(())
    } else {
        Err(Missing::new(format!(
            "{name} not found: apt-get install {package}"
        )))
    }
}

#[cfg(unix)]
fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    path.metadata()
        .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

#[cfg(not(unix))]
fn is_executable(path: &Path) -> bool {
    path.is_file()
}

/// The variable that names the folder of the shared benchmark sets.
pub const PUZZLES_DIR_VARIABLE: &str = "SUDOKU_PUZZLES_DIR";

/// The folder of the shared public benchmark sets (`17_clue.txt`,
/// `magictour_top1465.txt`, `serg_benchmark.txt`): `SUDOKU_PUZZLES_DIR`
/// when it is set, else `../shared/puzzles` beside the repository.
pub fn shared_dir() -> PathBuf {
    std::env::var_os(PUZZLES_DIR_VARIABLE)
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/puzzles"))
}

/// The path of the shared set `file` (such as `magictour_top1465.txt`) in
/// [`shared_dir`], when it is a file there; else [`Missing`] names the
/// folder and the variable that moves it.
///
/// ```
/// use sudoku_test_support::needs::shared_set;
/// let missing = shared_set("no-such-set.txt").unwrap_err().to_string();
/// assert!(missing.starts_with("no-such-set.txt not found in "), "{missing}");
/// assert!(missing.contains("SUDOKU_PUZZLES_DIR"), "{missing}");
/// ```
pub fn shared_set(file: &str) -> Result<PathBuf, Missing> {
    let path = shared_dir().join(file);
    if path.is_file() {
        return Ok(path);
    }
    Err(Missing::new(match std::env::var_os(PUZZLES_DIR_VARIABLE) {
        Some(dir) => format!(
            "{file} not found in {} ({PUZZLES_DIR_VARIABLE}): point {PUZZLES_DIR_VARIABLE} \
                 at the folder of the shared benchmark sets",
            Path::new(&dir).display()
        ),
        None => format!(
            "{file} not found in ../shared/puzzles: set {PUZZLES_DIR_VARIABLE} to the \
                 folder of the shared benchmark sets"
        ),
    }))
}
