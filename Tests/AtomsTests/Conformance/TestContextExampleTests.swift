// Seed conformance: the "Testing" guide and the AtomTestContext table — FetchBookTests and
// FetchMusicsTests with their ThrowingTaskAtoms and mocks, lookup / unwatch / onUpdate /
// waitForUpdate, and an object that keeps an `AtomContext` ("Use atoms inside objects").

import Atoms
import Foundation
import Testing

// MARK: - FetchBook example (classes to be tested)

@Suite("Seed conformance: AtomTestContext override (FetchBook)")
@MainActor
struct FetchBookConformanceTests {
    struct Book: Equatable {
        var title: String
        var isbn: String
    }

    // Swift 6's data-race checking forbids sending a non-Sendable client out of the main
    // actor to await it, so the client protocol is main-actor isolated here.
    @MainActor
    protocol APIClientProtocol {
        func fetchBook(isbn: String) async throws -> Book
    }

    struct APIClient: APIClientProtocol {
        func fetchBook(isbn: String) async throws -> Book {
            // Networking logic is not part of the conformance suite.
            throw CancellationError()
        }
    }

    class MockAPIClient: APIClientProtocol {
        var response: Book?

        func fetchBook(isbn: String) async throws -> Book {
            guard let response else {
                throw URLError(.unknown)
            }
            return response
        }
    }

    struct APIClientAtom: ValueAtom, Hashable {
        func value(context: Context) -> any APIClientProtocol {
            APIClient()
        }
    }

    struct FetchBookAtom: ThrowingTaskAtom, Hashable {
        let isbn: String

        func value(context: Context) async throws -> Book {
            let api = context.watch(APIClientAtom())
            return try await api.fetchBook(isbn: isbn)
        }
    }

    @Test("testFetch: the mock's book comes back through the task")
    func testFetch() async throws {
        let context = AtomTestContext()
        let api = MockAPIClient()

        // Override the atom value with the mock instance.
        context.override(APIClientAtom()) { _ in
            api
        }

        let expected = Book(title: "A book", isbn: "ISBN000-0-0000-0000-0")

        // Inject the expected response to the mock.
        api.response = expected

        let book = try await context.watch(FetchBookAtom(isbn: "ISBN000-0-0000-0000-0")).value

        #expect(book == expected)
    }

    @Test("Without a response the mock's error reaches the task and its phase")
    func testFetchFailure() async {
        let context = AtomTestContext()
        context.override(APIClientAtom()) { _ in MockAPIClient() }
        let task = context.watch(FetchBookAtom(isbn: "none"))
        await #expect(throws: URLError.self) { try await task.value }
        #expect(await context.wait(for: FetchBookAtom(isbn: "none").phase, timeout: 300) { $0.error is URLError })
    }

    @Test("context.override(APIClientAtom()) returns the mock instance, the same on every access")
    func overrideWithMock() {
        let context = AtomTestContext()
        let api = MockAPIClient()
        context.override(APIClientAtom()) { _ in api }
        #expect((context.watch(APIClientAtom()) as? MockAPIClient) === api)
        #expect((context.read(APIClientAtom()) as? MockAPIClient) === api)
    }

    @Test("Without an override APIClientAtom yields the real client")
    func noOverrideRealClient() {
        let context = AtomTestContext()
        #expect(context.watch(APIClientAtom()) is APIClient)
    }

    @Test("Overriding by type replaces APIClientAtom too")
    func overrideByType() {
        let context = AtomTestContext()
        let api = MockAPIClient()
        context.override(APIClientAtom.self) { _ in api }
        #expect((context.watch(APIClientAtom()) as? MockAPIClient) === api)
    }
}

// MARK: - FetchMusics example

@Suite("Seed conformance: AtomTestContext override (FetchMusics)")
@MainActor
struct FetchMusicsConformanceTests {
    struct Music: Equatable, Sendable {
        var title: String
    }

    // Swift 6's data-race checking forbids sending a non-Sendable client out of the main
    // actor to await it, so the client protocol is main-actor isolated here.
    @MainActor
    protocol APIClientProtocol {
        func fetchMusics() async throws -> [Music]
    }

    struct APIClient: APIClientProtocol {
        func fetchMusics() async throws -> [Music] {
            [Music(title: "from the network")]
        }
    }

    struct MockAPIClient: APIClientProtocol {
        func fetchMusics() async throws -> [Music] {
            []
        }
    }

    struct APIClientAtom: ValueAtom, Hashable {
        func value(context: Context) -> any APIClientProtocol {
            APIClient()
        }
    }

    struct FetchMusicsAtom: ThrowingTaskAtom, Hashable {
        func value(context: Context) async throws -> [Music] {
            let api = context.watch(APIClientAtom())
            return try await api.fetchMusics()
        }
    }

    @Test("testFetchMusicsAtom: the mocked musics are empty")
    func testFetchMusicsAtom() async throws {
        let context = AtomTestContext()

        context.override(APIClientAtom()) { _ in
            MockAPIClient()
        }

        let musics = try await context.watch(FetchMusicsAtom()).value

        #expect(musics.isEmpty)
    }

    @Test("The overridden APIClientAtom is a MockAPIClient, whose musics are empty")
    func overrideWithStructMock() async throws {
        let context = AtomTestContext()

        context.override(APIClientAtom()) { _ in
            MockAPIClient()
        }

        let api = context.watch(APIClientAtom())
        #expect(api is MockAPIClient)

        guard let mock = api as? MockAPIClient else { return }
        let musics = try await mock.fetchMusics()
        #expect(musics.isEmpty)
    }
}

// MARK: - AtomTestContext controls

@Suite("Seed conformance: AtomTestContext controls")
@MainActor
struct TestContextControlsConformanceTests {
    struct CounterAtom: StateAtom, Hashable {
        func defaultValue(context: Context) -> Int {
            0
        }
    }

    struct DoubledAtom: ValueAtom, Hashable {
        func value(context: Context) -> Int {
            context.watch(CounterAtom()) * 2
        }
    }

    @Test("lookup gets a value without creating a cache")
    func lookupCreatesNothing() {
        let context = AtomTestContext()

        #expect(context.lookup(CounterAtom()) == nil)
        #expect(context.lookup(CounterAtom()) == nil)

        context.watch(CounterAtom())
        context[CounterAtom()] = 5
        #expect(context.lookup(CounterAtom()) == 5)
        #expect(context.lookup(DoubledAtom()) == nil)
    }

    @Test("unwatch simulates the atom no longer being watched")
    func unwatchReleases() {
        let context = AtomTestContext()
        let updates = ConformanceProbe()
        context.onUpdate = { updates.hit() }

        #expect(context.watch(DoubledAtom()) == 0)
        context[CounterAtom()] = 4
        #expect(context.lookup(DoubledAtom()) == 8)
        #expect(updates.count == 1)

        context.unwatch(DoubledAtom())
        #expect(context.lookup(DoubledAtom()) == nil)
        #expect(context.lookup(CounterAtom()) == nil)
    }

    @Test("onUpdate is called once per update of a watched atom, not for unwatched ones")
    func onUpdateOncePerUpdate() {
        let context = AtomTestContext()
        let updates = ConformanceProbe()
        context.onUpdate = { updates.hit() }

        context.watch(CounterAtom())
        context.watch(DoubledAtom())
        #expect(updates.count == 0)

        // CounterAtom and DoubledAtom both change in one transaction: one notification.
        context[CounterAtom()] += 1
        #expect(updates.count == 1)

        context.modify(CounterAtom()) { $0 += 1 }
        #expect(updates.count == 2)
        #expect(context.read(DoubledAtom()) == 4)

        context.reset(CounterAtom())
        #expect(updates.count == 3)
        #expect(context.read(DoubledAtom()) == 0)
    }

    @Test("waitForUpdate returns true after an update and false on timeout")
    func waitForUpdate() async {
        let context = AtomTestContext()
        context.watch(CounterAtom())

        Task { @MainActor in
            context[CounterAtom()] = 10
        }
        let updated = await context.waitForUpdate(timeout: 5)
        #expect(updated)
        #expect(context.read(CounterAtom()) == 10)

        let timedOut = await context.waitForUpdate(timeout: 0.05)
        #expect(!timedOut)
    }
}

// MARK: - "Use atoms inside objects"

@Suite("Seed conformance: object holding an AtomContext")
@MainActor
struct AtomContextObjectConformanceTests {
    struct Message: Equatable, Sendable {
        var id: Int
    }

    /// A synchronous API; the seed's ObservableObject version, loading an AsyncPhase, is
    /// checked with the Combine atoms.
    protocol APIClientProtocol {
        func fetchMessages(offset: Int) -> [Message]
    }

    struct APIClient: APIClientProtocol {
        func fetchMessages(offset: Int) -> [Message] {
            (offset..<offset + 2).map { Message(id: $0) }
        }
    }

    struct APIClientAtom: ValueAtom, Hashable {
        func value(context: Context) -> any APIClientProtocol {
            APIClient()
        }
    }

    struct MessageLoaderAtom: ValueAtom, Hashable {
        func value(context: Context) -> MessageLoader {
            MessageLoader(context: context)
        }
    }

    @MainActor
    class MessageLoader {
        let context: AtomContext

        var messages: [Message]?

        init(context: AtomContext) {
            self.context = context
        }

        func load() {
            let api = context.read(APIClientAtom())
            messages = api.fetchMessages(offset: 0)
        }

        func loadNext() {
            guard let messages else {
                return
            }

            let api = context.read(APIClientAtom())
            self.messages = messages + api.fetchMessages(offset: messages.count)
        }
    }

    struct PageSizeAtom: StateAtom, Hashable {
        func defaultValue(context: Context) -> Int {
            20
        }
    }

    @Test("The object reads atoms through its AtomContext later, outside the transaction that created it")
    func objectReadsLater() {
        let context = AtomTestContext()
        let loader = context.watch(MessageLoaderAtom())

        #expect(loader.messages == nil)
        loader.load()
        #expect(loader.messages?.map(\.id) == [0, 1])
        loader.loadNext()
        #expect(loader.messages?.map(\.id) == [0, 1, 2, 3])
    }

    @Test("Reads through AtomContext create no dependency: the object is not re-created")
    func objectIsNotRecreated() {
        let context = AtomTestContext()
        let loader = context.watch(MessageLoaderAtom())
        let updates = ConformanceProbe()
        context.onUpdate = { updates.hit() }

        context.watch(PageSizeAtom())
        #expect(loader.context.read(PageSizeAtom()) == 20)
        loader.load()

        context[PageSizeAtom()] = 50
        #expect(updates.count == 1)
        #expect(context.watch(MessageLoaderAtom()) === loader)
        #expect(loader.context.read(PageSizeAtom()) == 50)
    }

    @Test("The object can write atoms through its AtomContext")
    func objectWrites() {
        let context = AtomTestContext()
        let loader = context.watch(MessageLoaderAtom())
        context.watch(PageSizeAtom())

        loader.context.set(30, for: PageSizeAtom())
        #expect(context.read(PageSizeAtom()) == 30)

        loader.context[PageSizeAtom()] += 5
        #expect(context.read(PageSizeAtom()) == 35)

        loader.context.modify(PageSizeAtom()) { $0 -= 1 }
        #expect(context.read(PageSizeAtom()) == 34)

        loader.context.reset(PageSizeAtom())
        #expect(context.read(PageSizeAtom()) == 20)
    }

    @Test("The object sees the overridden APIClientAtom")
    func objectSeesOverride() {
        struct EmptyClient: APIClientProtocol {
            func fetchMessages(offset: Int) -> [Message] { [] }
        }

        let context = AtomTestContext()
        context.override(APIClientAtom()) { _ in EmptyClient() }
        let loader = context.watch(MessageLoaderAtom())
        loader.load()
        #expect(loader.messages == [])
    }

    @Test("A view context and a test context are usable as AtomContext existentials")
    func contextsAsExistentials() {
        let root = AtomRoot()
        defer { withExtendedLifetime(root) {} }
        let view = root.context()
        view.watch(PageSizeAtom())

        let fromView: AtomContext = view
        fromView.set(11, for: PageSizeAtom())
        #expect(view.read(PageSizeAtom()) == 11)

        let test = AtomTestContext()
        test.watch(PageSizeAtom())
        let fromTest: AtomContext = test
        fromTest[PageSizeAtom()] = 12
        #expect(test.read(PageSizeAtom()) == 12)
    }
}
