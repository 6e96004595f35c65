//
//  HydrateWidgetBundle.swift
//  HydrateWidget
//

import WidgetKit
import SwiftUI

@main
struct HydrateWidgetBundle: WidgetBundle {
    var body: some Widget {
        HydrateWidget()
    }
}
