# What `cmake --install` puts where (GNUInstallDirs), and the .deb CPack makes of it (docs/design.md#installing).
# Only the program, its man page, its shell completions and its documents are installed: the test and benchmark
# tools are not.
include(GNUInstallDirs)

install(TARGETS fastload RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})

# The page gets the project's version, and is installed gzipped (gzip -n: no name or time stamp, so a rebuild
# makes the same bytes), as Debian ships man pages; man reads either.
configure_file(docs/fastload.1 fastload.1 @ONLY)
set(FASTLOAD_MAN_PAGE ${CMAKE_CURRENT_BINARY_DIR}/fastload.1.gz)
add_custom_command(OUTPUT ${FASTLOAD_MAN_PAGE}
  COMMAND sh -c "gzip -9n -c \"$0\" >\"$1\"" ${CMAKE_CURRENT_BINARY_DIR}/fastload.1 ${FASTLOAD_MAN_PAGE}
  DEPENDS ${CMAKE_CURRENT_BINARY_DIR}/fastload.1 VERBATIM)
add_custom_target(man_page ALL DEPENDS ${FASTLOAD_MAN_PAGE})
install(FILES ${FASTLOAD_MAN_PAGE} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)

install(FILES completion/fastload.bash DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions
  RENAME fastload)
install(FILES completion/_fastload DESTINATION ${CMAKE_INSTALL_DATADIR}/zsh/vendor-completions)

# README's links into docs/ keep working in the installed copy.
install(FILES README.md DESTINATION ${CMAKE_INSTALL_DOCDIR})
# Every document (and picture) under docs/: the README links each (tests/cli/install.sh checks the links resolve).
install(DIRECTORY docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR}/docs FILES_MATCHING PATTERN "*.md" PATTERN "*.png")

# cpack -G DEB: fastload_VERSION_ARCH.deb, Depends from dpkg-shlibdeps (package dpkg-dev, and file), the
# binary stripped.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME fastload)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "load delimited text files into MariaDB and MySQL tables, fast and exactly")
set(CPACK_PACKAGE_DESCRIPTION "fastload splits a file at exact row boundaries into chunks and loads them
in parallel, each in its own transaction, through LOAD DATA LOCAL INFILE or
INSERTs. A chunk is committed only when the server's account of it is exact:
any warning, skipped or missing row rolls it back, reported with its line.")
set(CPACK_PACKAGE_CONTACT "fastload maintainers <maintainers@users.noreply.a-seed-4311dbec.example>")
set(CPACK_DEBIAN_PACKAGE_SECTION database)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# The completion script is installed where bash-completion looks; without that package nothing loads it (apt
# installs Recommends by default).
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS bash-completion)
set(CPACK_STRIP_FILES ON)
include(CPack)
