import ArgumentParser
import AtomScopeKit

AtomScopeCommand.main()
