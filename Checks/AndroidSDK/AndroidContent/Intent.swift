// android.content.Intent, as swift-java imports it: the one method the checked code calls.
// https://developer.android.com/reference/android/content/Intent

/// `public class Intent extends Object implements Parcelable, Cloneable`.
/// https://developer.android.com/reference/android/content/Intent
open class Intent {
    /// `public Intent()`: an empty intent.
    /// https://developer.android.com/reference/android/content/Intent#Intent()
    public init() { fatalError("stand-in") }

    /// `public Intent putExtra(String name, String value)`.
    /// https://developer.android.com/reference/android/content/Intent#putExtra(java.lang.String,%20java.lang.String)
    @discardableResult
    open func putExtra(_ name: String, _ value: String) -> Intent! { fatalError("stand-in") }
}
