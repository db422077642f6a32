//! With `TDOKU_DIR` set to a checkout of tdoku (github.com/t-dillon/tdoku),
//! compiles its fastest solver (`src/solver_dpll_triad_simd.cc`) with its
//! own flags (`-O3 -march=native`) and turns on `cfg(tdoku)`, so that the
//! compare bench runs it beside ours. Nothing of tdoku is kept here.
fn main() {
    println!("cargo::rustc-check-cfg=cfg(tdoku)");
    println!("cargo::rerun-if-env-changed=TDOKU_DIR");
    let Ok(dir) = std::env::var("TDOKU_DIR") else {
        return;
    };
    let src = std::path::Path::new(&dir).join("src");
    let file = src.join("solver_dpll_triad_simd.cc");
    println!("cargo::rerun-if-changed={}", file.display());
    cc::Build::new()
        .cpp(true)
        .file(&file)
        .include(&src)
        .flag("-std=c++17")
        .flag("-march=native")
        .flag("-fno-exceptions")
        .flag("-fno-rtti")
        .opt_level(3)
        .warnings(false)
        .compile("tdoku");
    println!("cargo::rustc-cfg=tdoku");
}
