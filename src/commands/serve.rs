//! `arrows serve`: binds the address, says where the explorer is, and
//! runs the server of `arrows_serve` until the process ends.

use crate::commands::memory;
use crate::error::{CliError, CliResult};
use crate::flags::serve::ServeArgs;
use arrows_serve::Config;
use std::io::Write;
use std::net::{SocketAddr, TcpListener};

/// Serves the explorer.
pub fn run(args: &ServeArgs) -> CliResult {
    let jobs = args.jobs.map_or_else(Config::default_jobs, usize::from);
    let budget = match args.max_memory {
        Some(b) => memory::budget(Some(b)),
        None => Config::default_budget(jobs),
    };
    let memory = Config::default_memory(budget, jobs);
    let config = Config { timeout: args.timeout, budget, memory, jobs, ..Config::default() };
    let address = SocketAddr::new(args.bind, args.port);
    let listener = TcpListener::bind(address).map_err(|e| {
        let advice = match e.kind() {
            std::io::ErrorKind::AddrInUse => "; choose another --port (0 picks a free one)",
            std::io::ErrorKind::PermissionDenied => "; choose a --port above 1023",
            std::io::ErrorKind::AddrNotAvailable => "; give --bind an address of this machine",
            _ => "",
        };
        CliError::usage(format!("cannot listen on {address}: {e}{advice}")).caused_by(e)
    })?;
    let bound = listener.local_addr()?;
    if !args.bind.is_loopback() {
        eprintln!(
            "warning: listening on {bound}, which other machines may reach; the explorer has no authentication, \
             so anyone who reaches it can use this machine's cores"
        );
    }
    let url = format!("http://{}/", browsable(bound));
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "arrows explorer at {url} ({} at once, {} each, up to {}; Ctrl-C stops it)",
        arrows_text::count(jobs as u64, "analysis|analyses"),
        arrows_text::bytes(budget.get()),
        arrows_text::duration(args.timeout)
    )?;
    out.flush()?;
    drop(out);
    if args.open && !open(&url) {
        println!("no browser opener found; open {url} in a browser");
    }
    arrows_serve::run(listener, config).map_err(|e| CliError::failure(format!("the server stopped: {e}")).caused_by(e))
}

/// The address to put in a URL: an unspecified address (0.0.0.0, ::) is
/// reached through the loopback one.
fn browsable(bound: SocketAddr) -> SocketAddr {
    let ip = match bound.ip() {
        std::net::IpAddr::V4(v4) if v4.is_unspecified() => std::net::Ipv4Addr::LOCALHOST.into(),
        std::net::IpAddr::V6(v6) if v6.is_unspecified() => std::net::Ipv6Addr::LOCALHOST.into(),
        ip => ip,
    };
    SocketAddr::new(ip, bound.port())
}

/// Opens `url` with the platform's opener; `false` when there is none.
fn open(url: &str) -> bool {
    let (program, before): (&str, &[&str]) = if cfg!(target_os = "macos") {
        ("open", &[])
    } else if cfg!(windows) {
        ("cmd", &["/C", "start", ""])
    } else {
        ("xdg-open", &[])
    };
    std::process::Command::new(program)
        .args(before)
        .arg(url)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .is_ok()
}
