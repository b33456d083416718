# Builds atomscope in release mode and installs it, with its shell completions and man page.
#
#   make install                      into /usr/local (needs root)
#   make install PREFIX=~/.local      into your home, no root needed
#   make uninstall PREFIX=…           removes exactly what install put there
#
# DESTDIR is prepended to every installed path, for packagers.

PREFIX ?= /usr/local
SWIFT ?= swift
BINDIR = $(DESTDIR)$(PREFIX)/bin
MANDIR = $(DESTDIR)$(PREFIX)/share/man/man1
BASHDIR = $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSHDIR = $(DESTDIR)$(PREFIX)/share/zsh/site-functions
FISHDIR = $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d

# The installed binary carries the Swift runtime and Foundation (--static-swift-stdlib): it
# runs where no Swift toolchain is installed (it needs only libc, libstdc++, libgvc and
# libedit), and starts in half the time, with no runtime symbols to bind. Built in a scratch
# path of its own, so that it and the development build never rebuild each other.
STATIC = --static-swift-stdlib --scratch-path .build/static

# Where the build and swift-argument-parser's generate-manual plugin leave their outputs.
BUILT = $(shell $(SWIFT) build -c release $(STATIC) --show-bin-path)/atomscope
MANUAL = .build/plugins/GenerateManual/outputs/atomscope/atomscope.1

.PHONY: all build manual install uninstall

all: build

build:
	$(SWIFT) build -c release $(STATIC) --product atomscope

manual: build
	$(SWIFT) package plugin generate-manual --configuration release

install: build manual
	install -d "$(BINDIR)" "$(MANDIR)" "$(BASHDIR)" "$(ZSHDIR)" "$(FISHDIR)"
	install -m 0755 "$(BUILT)" "$(BINDIR)/atomscope"
	install -m 0644 "$(MANUAL)" "$(MANDIR)/atomscope.1"
	"$(BUILT)" --generate-completion-script bash > "$(BASHDIR)/atomscope"
	"$(BUILT)" --generate-completion-script zsh > "$(ZSHDIR)/_atomscope"
	"$(BUILT)" --generate-completion-script fish > "$(FISHDIR)/atomscope.fish"
	@echo "installed atomscope in $(BINDIR); make sure it is on your PATH"

uninstall:
	rm -f "$(BINDIR)/atomscope" "$(MANDIR)/atomscope.1" "$(BASHDIR)/atomscope" \
		"$(ZSHDIR)/_atomscope" "$(FISHDIR)/atomscope.fish"
