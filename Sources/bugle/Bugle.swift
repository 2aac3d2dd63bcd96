import ArgumentParser
@main struct B: ParsableCommand { func run() {} }
