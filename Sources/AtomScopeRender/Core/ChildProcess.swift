import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a program with bytes on its stdin, collecting stdout and stderr, under a deadline.
///
/// Built on `posix_spawn` and `poll` rather than `Foundation.Process` so that the deadline is
/// exact, the child is killed with `SIGKILL` (a runaway layout ignores nothing, but it never
/// returns either), and a child that dies early cannot raise `SIGPIPE` in the caller: stdin is
/// one end of a socket pair written with `MSG_NOSIGNAL` (`SO_NOSIGPIPE` on Darwin).
/// Blocks the calling thread until the child has exited or been killed.
struct ChildProcess {
    enum Termination: Equatable {
        case exited(Int32)
        case signaled(Int32)
    }

    struct Outcome {
        var termination: Termination
        var standardOutput: [UInt8]
        var standardError: [UInt8]
    }

    enum Failure: Error, Equatable {
        case launch(String)
        case timedOut
        case outputTooLarge(Int)
    }

    var executable: String
    var arguments: [String]
    var environment: [String: String] = ProcessInfo.processInfo.environment
    var timeout: Duration
    /// The child is killed once its stdout exceeds this many bytes.
    var outputLimit = 1 << 30
    /// stderr beyond this many bytes is read and discarded.
    var errorLimit = 8 << 20
    /// Called on the calling thread at least once a second while the child runs, for a caller
    /// that shows how long it has waited.
    var waiting: (() -> Void)?

    func run(input: [UInt8]) throws(Failure) -> Outcome {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)

        var stdinPair: [Int32] = [-1, -1]
        var stdoutPipe: [Int32] = [-1, -1]
        var stderrPipe: [Int32] = [-1, -1]
        guard Self.makeSocketPair(&stdinPair) else { throw .launch("socketpair: \(Self.errnoText())") }
        guard Self.makePipe(&stdoutPipe) else {
            Self.closeDescriptors(stdinPair)
            throw .launch("pipe: \(Self.errnoText())")
        }
        guard Self.makePipe(&stderrPipe) else {
            Self.closeDescriptors(stdinPair + stdoutPipe)
            throw .launch("pipe: \(Self.errnoText())")
        }

        let pid: pid_t
        do throws(Failure) {
            pid = try Self.spawn(
                executable: executable, arguments: arguments, environment: environment,
                stdin: stdinPair[1], stdout: stdoutPipe[1], stderr: stderrPipe[1]
            )
        } catch {
            Self.closeDescriptors(stdinPair + stdoutPipe + stderrPipe)
            throw error
        }
        Self.closeDescriptors([stdinPair[1], stdoutPipe[1], stderrPipe[1]])

        var io = Exchange(input: input, stdin: stdinPair[0], stdout: stdoutPipe[0], stderr: stderrPipe[0])
        defer { io.closeAll() }

        var failure: Failure?
        if !io.pump(until: deadline, clock: clock, outputLimit: outputLimit, errorLimit: errorLimit, waiting: waiting, failure: &failure) {
            Self.kill(pid)
            throw failure ?? .timedOut
        }
        guard let termination = Self.wait(for: pid, until: deadline, clock: clock) else {
            Self.kill(pid)
            throw .timedOut
        }
        return Outcome(termination: termination, standardOutput: io.output, standardError: io.errorOutput)
    }

    // MARK: - Spawning

    /// Starts `executable` with the three descriptors as its stdin, stdout and stderr and
    /// nothing else inherited, default signal handling, no signal blocked, in `directory` when
    /// given, and leading a process group of its own when `ownGroup` (so that killing the group
    /// reaches what it starts). Internal, not private: the tests start their programs with it,
    /// because Foundation's `Process` on Linux passes on the caller's blocked signals (its
    /// `terminate()` then does nothing) and tells that a child ended by a descriptor that other
    /// children can inherit.
    static func spawn(
        executable: String, arguments: [String], environment: [String: String],
        stdin: Int32, stdout: Int32, stderr: Int32, directory: String? = nil, ownGroup: Bool = false
    ) throws(Failure) -> pid_t {
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        var attributes: posix_spawnattr_t?
        #else
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }

        posix_spawn_file_actions_adddup2(&actions, stdin, 0)
        posix_spawn_file_actions_adddup2(&actions, stdout, 1)
        posix_spawn_file_actions_adddup2(&actions, stderr, 2)
        if let directory {
            guard Self.changeDirectory(&actions, to: directory) else {
                throw .launch("cannot start a program in another directory on this system")
            }
        }
        #if os(Linux)
        Self.closeInheritedDescriptors(&actions)
        let closeOnExec: Int32 = 0
        #else
        let closeOnExec = Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)
        #endif

        // The child starts with default signal handling and nothing blocked, whatever this
        // process (or the thread calling us) has set up.
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        sigaddset(&defaults, SIGINT)
        sigaddset(&defaults, SIGTERM)
        var nothing = sigset_t()
        sigemptyset(&nothing)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &nothing)
        var group: Int32 = 0
        if ownGroup {
            posix_spawnattr_setpgroup(&attributes, 0)
            group = Int32(POSIX_SPAWN_SETPGROUP)
        }
        posix_spawnattr_setflags(&attributes, Int16(Int32(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK) | closeOnExec | group))

        let argv = ([executable] + arguments).map { strdup($0) }
        let envp = environment.map { strdup("\($0.key)=\($0.value)") }
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        var status: Int32 = 0
        // ETXTBSY: the executable was just written and another thread's child, forked in
        // that instant, still holds it open for writing. It passes within milliseconds.
        for attempt in 0..<8 {
            status = (argv + [nil]).withUnsafeBufferPointer { argvBuffer in
                (envp + [nil]).withUnsafeBufferPointer { envpBuffer in
                    posix_spawn(&pid, executable, &actions, &attributes, argvBuffer.baseAddress!, envpBuffer.baseAddress!)
                }
            }
            guard status == ETXTBSY else { break }
            usleep(UInt32(1_000 << attempt))
        }
        guard status == 0 else {
            throw .launch("\(executable): \(String(cString: strerror(status)))")
        }
        return pid
    }

    #if os(Linux)
    /// `posix_spawn_file_actions_addchdir_np` (glibc 2.29+), looked up at run time for the
    /// same reason as `closefrom` (below).
    private static func changeDirectory(_ actions: inout posix_spawn_file_actions_t, to directory: String) -> Bool {
        typealias AddChangeDirectory = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, UnsafePointer<CChar>?) -> Int32
        guard let symbol = dlsym(nil, "posix_spawn_file_actions_addchdir_np") else { return false }
        let addChangeDirectory = unsafeBitCast(symbol, to: AddChangeDirectory.self)
        return directory.withCString { addChangeDirectory(&actions, $0) } == 0
    }
    #else
    private static func changeDirectory(_ actions: inout posix_spawn_file_actions_t?, to directory: String) -> Bool {
        directory.withCString { posix_spawn_file_actions_addchdir_np(&actions, $0) } == 0
    }
    #endif

    /// Closes every descriptor above stderr in the child, so the worker holds no file,
    /// socket or pipe end of ours that lacks close-on-exec. glibc (2.34+) has
    /// `posix_spawn_file_actions_addclosefrom_np`, declared only under `_GNU_SOURCE`, which
    /// Swift does not see; it is looked up at run time and skipped when absent. (Darwin has
    /// `POSIX_SPAWN_CLOEXEC_DEFAULT` for the same.)
    #if os(Linux)
    private static func closeInheritedDescriptors(_ actions: inout posix_spawn_file_actions_t) {
        typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32
        guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return }
        let addCloseFrom = unsafeBitCast(symbol, to: AddCloseFrom.self)
        _ = addCloseFrom(&actions, 3)
    }
    #endif

    // MARK: - Exchanging bytes

    private struct Exchange {
        var input: [UInt8]
        var written = 0
        var stdin: Int32
        var stdout: Int32
        var stderr: Int32
        var output: [UInt8] = []
        var errorOutput: [UInt8] = []

        init(input: [UInt8], stdin: Int32, stdout: Int32, stderr: Int32) {
            self.input = input
            self.stdin = stdin
            self.stdout = stdout
            self.stderr = stderr
            for descriptor in [stdin, stdout, stderr] {
                _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            }
            if input.isEmpty { closeInput() }
        }

        /// Moves bytes until the child has closed stdout and stderr. Returns false when the
        /// deadline passed or a limit was hit (`failure` says which).
        mutating func pump(
            until deadline: ContinuousClock.Instant, clock: ContinuousClock, outputLimit: Int, errorLimit: Int,
            waiting: (() -> Void)?, failure: inout Failure?
        ) -> Bool {
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            while stdout >= 0 || stderr >= 0 {
                waiting?()
                let remaining = clock.now.duration(to: deadline)
                guard remaining > .zero else {
                    failure = .timedOut
                    return false
                }
                var descriptors: [pollfd] = []
                if stdin >= 0 { descriptors.append(pollfd(fd: stdin, events: Int16(POLLOUT), revents: 0)) }
                if stdout >= 0 { descriptors.append(pollfd(fd: stdout, events: Int16(POLLIN), revents: 0)) }
                if stderr >= 0 { descriptors.append(pollfd(fd: stderr, events: Int16(POLLIN), revents: 0)) }
                let milliseconds = Int32(clamping: Self.milliseconds(remaining))
                let ready = poll(&descriptors, nfds_t(descriptors.count), max(1, min(milliseconds, 1_000)))
                if ready < 0 {
                    if errno == EINTR { continue }
                    failure = .launch("poll: \(ChildProcess.errnoText())")
                    return false
                }
                for entry in descriptors where entry.revents != 0 {
                    if entry.fd == stdin {
                        writeInput()
                    } else if entry.fd == stdout {
                        if !drain(stdout, into: &output, limit: Int.max, buffer: &buffer) { closeOutput() }
                        if output.count > outputLimit {
                            failure = .outputTooLarge(outputLimit)
                            return false
                        }
                    } else if entry.fd == stderr {
                        var chunk: [UInt8] = []
                        if !drain(stderr, into: &chunk, limit: Int.max, buffer: &buffer) { closeError() }
                        errorOutput += chunk.prefix(max(0, errorLimit - errorOutput.count))
                    }
                }
            }
            closeInput()
            return true
        }

        private mutating func writeInput() {
            while written < input.count {
                let sent = input.withUnsafeBytes { bytes in
                    ChildProcess.sendWithoutSignal(stdin, bytes.baseAddress! + written, min(bytes.count - written, 64 * 1024))
                }
                if sent > 0 {
                    written += sent
                    continue
                }
                if sent < 0, errno == EINTR { continue }
                if sent < 0, errno == EAGAIN || errno == EWOULDBLOCK { return }
                // The child closed its stdin or died: it will not read the rest.
                break
            }
            closeInput()
        }

        /// Reads what is available. Returns false at end of file.
        private func drain(_ descriptor: Int32, into bytes: inout [UInt8], limit: Int, buffer: inout [UInt8]) -> Bool {
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count > 0 {
                    bytes.append(contentsOf: buffer[0..<count])
                    continue
                }
                if count == 0 { return false }
                if errno == EINTR { continue }
                if errno == EAGAIN || errno == EWOULDBLOCK { return true }
                return false
            }
        }

        private mutating func closeInput() {
            if stdin >= 0 { _ = systemClose(stdin) ; stdin = -1 }
        }
        private mutating func closeOutput() {
            if stdout >= 0 { _ = systemClose(stdout); stdout = -1 }
        }
        private mutating func closeError() {
            if stderr >= 0 { _ = systemClose(stderr); stderr = -1 }
        }
        mutating func closeAll() {
            closeInput()
            closeOutput()
            closeError()
        }

        static func milliseconds(_ duration: Duration) -> Int64 {
            let (seconds, attoseconds) = duration.components
            return seconds * 1_000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        }
    }

    // MARK: - Waiting

    /// Reaps the child, polling until the deadline. Returns nil when the deadline passed.
    static func wait(for pid: pid_t, until deadline: ContinuousClock.Instant, clock: ContinuousClock) -> Termination? {
        var pause: UInt32 = 100  // microseconds, doubling up to 20 ms
        while true {
            var status: Int32 = 0
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped == pid { return termination(status) }
            if reaped < 0, errno != EINTR { return .exited(-1) }
            if clock.now >= deadline { return nil }
            usleep(pause)
            pause = min(pause * 2, 20_000)
        }
    }

    /// Kills the child (or, given its negated id, its whole process group) and reaps it.
    static func kill(_ pid: pid_t) {
        _ = systemKill(pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(abs(pid), &status, 0) < 0, errno == EINTR {}
    }

    /// The `WIFEXITED`/`WEXITSTATUS`/`WTERMSIG` macros, which Swift does not import.
    private static func termination(_ status: Int32) -> Termination {
        let signal = status & 0x7f
        if signal == 0 { return .exited((status >> 8) & 0xff) }
        return .signaled(signal)
    }

    // MARK: - Descriptors

    /// A one-way channel for the child's output. A socket pair rather than a pipe because
    /// glibc's `pipe2` (atomic close-on-exec) is not visible to Swift, and `SOCK_CLOEXEC` is:
    /// no other thread's spawn can inherit these descriptors.
    private static func makePipe(_ descriptors: inout [Int32]) -> Bool {
        makeSocketPair(&descriptors)
    }

    private static func makeSocketPair(_ descriptors: inout [Int32]) -> Bool {
        #if canImport(Darwin)
        guard socketpair(AF_UNIX, SOCK_STREAM, 0, &descriptors) == 0 else { return false }
        descriptors.forEach { _ = fcntl($0, F_SETFD, FD_CLOEXEC) }
        var on: Int32 = 1
        descriptors.forEach { _ = setsockopt($0, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size)) }
        return true
        #else
        return socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &descriptors) == 0
        #endif
    }

    fileprivate static func sendWithoutSignal(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Darwin)
        send(descriptor, bytes, count, 0)
        #else
        send(descriptor, bytes, count, Int32(MSG_NOSIGNAL))
        #endif
    }

    private static func closeDescriptors(_ descriptors: [Int32]) {
        for descriptor in descriptors where descriptor >= 0 { _ = systemClose(descriptor) }
    }

    fileprivate static func errnoText() -> String {
        String(cString: strerror(errno))
    }
}

// Free functions, so the names cannot resolve to members of `ChildProcess`.
private func systemClose(_ descriptor: Int32) -> Int32 {
    close(descriptor)
}

private func systemKill(_ pid: pid_t, _ signal: Int32) -> Int32 {
    kill(pid, signal)
}
