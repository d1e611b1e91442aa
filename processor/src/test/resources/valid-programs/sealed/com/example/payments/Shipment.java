package com.example.payments;

/** A sealed abstract class with a getter, and its final subclass. */
public abstract sealed class Shipment permits Shipment.Parcel {
    public abstract String getCarrier();

    public static final class Parcel extends Shipment {
        @Override
        public String getCarrier() {
            return "post";
        }

        public int getWeight() {
            return 2;
        }
    }
}
