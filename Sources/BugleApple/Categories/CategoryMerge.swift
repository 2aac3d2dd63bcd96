/// How Bugle's notification categories join those the app's other code registered.
///
/// The system keeps one set of categories per app, and `setNotificationCategories` replaces
/// all of it. So `UserNotificationSystem` reads the set first and registers the merge: every
/// category already registered stays, except one with the identifier of one of Bugle's,
/// which Bugle's replaces. Among Bugle's own, the last with an identifier wins.
public enum CategoryMerge {
    /// `existing` without the categories whose identifier is among `ours`, then `ours`, one
    /// per identifier (the last one).
    ///
    /// Generic over the category type, so that the system's own category objects, with every
    /// property Bugle does not describe, pass through untouched.
    public static func merged<Category>(existing: some Sequence<Category>, ours: some Sequence<Category>, identifier: (Category) -> String) -> [Category] {
        var result: [Category] = []
        var position: [String: Int] = [:]
        for category in ours {
            let id = identifier(category)
            if let index = position[id] {
                result[index] = category
            } else {
                position[id] = result.count
                result.append(category)
            }
        }
        let kept = existing.filter { position[identifier($0)] == nil }
        return kept + result
    }
}
