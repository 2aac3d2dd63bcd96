// android.content.Context, as swift-java imports it: only the type, which the checked calls pass.
// https://developer.android.com/reference/android/content/Context

/// `public abstract class Context extends Object`.
/// https://developer.android.com/reference/android/content/Context
open class Context {
    public init() { fatalError("stand-in") }
}
