// Seed conformance: PublisherAtom (TimerAtom), ObservableObjectAtom (Contact) and "Use atoms
// inside objects" (MessageLoader), without the views. On Linux the seed's `import Combine` is
// `import OpenCombine`; the timer is a subject that the test sends dates through.

#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif
import Atoms
import Foundation
import Testing

@Suite("Seed conformance: PublisherAtom")
@MainActor
struct TimerExampleConformanceTests {
    // MARK: Seed declarations (the timer replaced by a subject)

    /// Stands in for `Timer.publish(every: 1, on: .main, in: .default).autoconnect()`.
    struct TimerSubjectAtom: ValueAtom, Hashable {
        func value(context: Context) -> PassthroughSubject<Date, Never> {
            PassthroughSubject()
        }
    }

    struct TimerAtom: PublisherAtom, Hashable {
        func publisher(context: Context) -> AnyPublisher<Date, Never> {
            context.watch(TimerSubjectAtom())
                .eraseToAnyPublisher()
        }
    }

    // MARK: Tests

    @Test("TimerAtom: suspending until the first tick, then each tick is the value, one commit each")
    func timerTicks() async {
        let context = AtomTestContext()
        let log = CommitLog(context)
        #expect(context.watch(TimerAtom()).isSuspending)
        let timer = context.read(TimerSubjectAtom())
        let first = Date(timeIntervalSince1970: 1)
        let second = Date(timeIntervalSince1970: 2)

        timer.send(first)
        #expect(await context.wait(for: TimerAtom(), timeout: 300) { $0.value == first })
        timer.send(second)
        #expect(await context.wait(for: TimerAtom(), timeout: 300) { $0.value == second })
        #expect(log.causes.filter { $0.hasPrefix("publisher value TimerAtom") }.count == 2)
    }
}

@Suite("Seed conformance: ObservableObjectAtom")
@MainActor
struct ContactExampleConformanceTests {
    // MARK: Seed declarations

    class Contact: ObservableObject {
        @Published var name = ""
        @Published var age = 20

        func haveBirthday() {
            age += 1
        }
    }

    struct ContactAtom: ObservableObjectAtom, Hashable {
        func object(context: Context) -> Contact {
            Contact()
        }
    }

    // MARK: Tests

    @Test("ContactAtom: editing the name and celebrating a birthday update the watcher")
    func contactUpdates() async {
        let context = AtomTestContext()
        let log = CommitLog(context)
        let contact = context.watch(ContactAtom())
        #expect(contact.age == 20)

        contact.name = "Ann"
        contact.haveBirthday()
        #expect(await context.waitForUpdate(timeout: 300))
        #expect(context.watch(ContactAtom()) === contact)
        #expect(contact.name == "Ann")
        #expect(contact.age == 21)
        #expect(log.causes.filter { $0.hasPrefix("object changed ContactAtom") }.count == 1)
    }
}

@Suite("Seed conformance: use atoms inside objects")
@MainActor
struct MessageLoaderExampleConformanceTests {
    // MARK: Seed declarations (the API client is a stub)

    struct Message: Equatable, Sendable {
        let id: Int
    }

    protocol APIClientProtocol: Sendable {
        func fetchMessages(offset: Int) async throws -> [Message]
    }

    struct StubAPIClient: APIClientProtocol {
        func fetchMessages(offset: Int) async throws -> [Message] {
            [Message(id: offset), Message(id: offset + 1)]
        }
    }

    struct APIClientAtom: ValueAtom, Hashable {
        func value(context: Context) -> any APIClientProtocol {
            StubAPIClient()
        }
    }

    struct MessageLoaderAtom: ObservableObjectAtom, Hashable {
        func object(context: Context) -> MessageLoader {
            MessageLoader(context: context)
        }
    }

    @MainActor
    class MessageLoader: ObservableObject {
        let context: AtomContext

        @Published
        var phase = AsyncPhase<[Message], any Error>.suspending

        init(context: AtomContext) {
            self.context = context
        }

        func load() async {
            let api = context.read(APIClientAtom())
            phase = await AsyncPhase {
                try await api.fetchMessages(offset: 0)
            }
        }

        func loadNext() async {
            guard let messages = phase.value else {
                return
            }

            let api = context.read(APIClientAtom())
            let nextPhase = await AsyncPhase {
                try await api.fetchMessages(offset: messages.count)
            }
            phase = nextPhase.map { messages + $0 }
        }
    }

    /// A watcher of the loader, as a view would be.
    struct MessageCountAtom: ValueAtom, Hashable {
        func value(context: Context) -> Int {
            context.watch(MessageLoaderAtom()).phase.value?.count ?? 0
        }
    }

    // MARK: Tests

    @Test("MessageLoader: loading through the context it was given updates what watches it")
    func loaderLoadsPages() async {
        let context = AtomTestContext()
        #expect(context.watch(MessageCountAtom()) == 0)
        let loader = context.read(MessageLoaderAtom())

        await loader.load()
        #expect(await context.wait(for: MessageCountAtom(), timeout: 300) { $0 == 2 })
        await loader.loadNext()
        #expect(await context.wait(for: MessageCountAtom(), timeout: 300) { $0 == 4 })
        #expect(loader.phase.value == [0, 1, 2, 3].map(Message.init(id:)))
        // Reading through the object's context never recreates the object.
        #expect(context.read(MessageLoaderAtom()) === loader)
    }
}
