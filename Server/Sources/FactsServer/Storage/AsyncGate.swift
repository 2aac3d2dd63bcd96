/// Lets one task at a time through, in the order they arrived.
///
/// SQLite gets one connection; a transaction spans several awaits on it, so a second
/// request must wait at the gate rather than slip its statements into the first one's
/// transaction.
actor AsyncGate {
    private var isOpen = true
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// Waits until the gate is free and takes it.
    func enter() async {
        if isOpen {
            isOpen = false
        } else {
            await withCheckedContinuation { waiting.append($0) }
        }
    }

    /// Hands the gate to the next waiting task, or opens it.
    func leave() {
        if waiting.isEmpty {
            isOpen = true
        } else {
            waiting.removeFirst().resume()
        }
    }
}
