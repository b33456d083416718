// Placeholder until the first AtomScopeKit type lands.
enum AtomScopeKitPlaceholder {}
